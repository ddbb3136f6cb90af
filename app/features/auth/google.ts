import { readCookie, writeCookie } from '#app/cookies.ts';
import { GOOGLE_CONSENT_COOKIE } from '#common/constants.ts';

/** The part of Google Identity Services this app uses. */
export interface GoogleIdApi {
  initialize(config: {
    client_id: string;
    callback: (response: { credential: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: { theme?: 'outline' | 'filled_blue' | 'filled_black'; size?: 'large'; text?: string; locale?: string },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

export const GOOGLE_SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
/** The consent answer is kept "for ever": ten years. */
export const GOOGLE_CONSENT_DAYS = 3650;

export type GoogleConsent = 'accepted' | 'declined' | null;

export function readGoogleConsent(): GoogleConsent {
  const v = readCookie(GOOGLE_CONSENT_COOKIE);
  return v === 'accepted' || v === 'declined' ? v : null;
}

export const writeGoogleConsent = (answer: 'accepted' | 'declined') =>
  writeCookie(GOOGLE_CONSENT_COOKIE, answer, GOOGLE_CONSENT_DAYS);

let pending: { script: HTMLScriptElement; api: Promise<GoogleIdApi> } | null = null;

/** Adds Google's script once (only ever after consent) and answers its sign-in API. */
export function loadGoogleScript(): Promise<GoogleIdApi> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  if (pending?.script.isConnected) return pending.api;
  const script = document.createElement('script');
  script.src = GOOGLE_SCRIPT_SRC;
  script.async = true;
  const api = new Promise<GoogleIdApi>((resolve, reject) => {
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google sign-in did not load'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Google sign-in did not load'));
    };
  });
  pending = { script, api };
  document.head.appendChild(script);
  return api;
}
