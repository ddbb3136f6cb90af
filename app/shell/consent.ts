import { useSyncExternalStore } from 'react';
import { readCookie, removeCookie, writeCookie } from '#app/cookies.ts';
import { CONSENT_COOKIE } from '#common/constants.ts';

export type ConsentChoice = 'accepted' | 'declined';

const CONSENT_DAYS = 365;
/** Cookies analytics tools set (Google Analytics, Matomo, Meta pixel, Hotjar). */
export const TRACKING_COOKIE = /^(_ga|_gid|_gat|_pk_|_fbp|_hj)/;

export function readConsent(): ConsentChoice | null {
  const v = readCookie(CONSENT_COOKIE);
  return v === 'accepted' || v === 'declined' ? v : null;
}

/** Removes every tracking cookie this page can see. */
export function removeTrackingCookies() {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0] ?? '';
    if (TRACKING_COOKIE.test(name)) removeCookie(name);
  }
}

const listeners = new Set<() => void>();

/** Stores the choice for a year; a decline also clears what trackers left. */
export function saveConsent(choice: ConsentChoice) {
  writeCookie(CONSENT_COOKIE, choice, CONSENT_DAYS);
  if (choice === 'declined') removeTrackingCookies();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The stored choice (null: not asked yet), rendered again when it is answered. */
export const useConsent = (): ConsentChoice | null => useSyncExternalStore(subscribe, readConsent, () => null);
