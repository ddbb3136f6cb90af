/** The part of Google reCAPTCHA v2 (explicit rendering) this app uses. */
export interface RecaptchaApi {
  render(
    parent: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
}

declare global {
  interface Window {
    grecaptcha?: RecaptchaApi & { ready?: (cb: () => void) => void };
    livecamRecaptchaLoaded?: () => void;
  }
}

export const recaptchaScriptSrc = (lang: string) =>
  `https://www.google.com/recaptcha/api.js?onload=livecamRecaptchaLoaded&render=explicit&hl=${encodeURIComponent(lang)}`;

let pending: Promise<RecaptchaApi> | null = null;

/** Adds Google's script once, only when the server asked for a captcha, and answers its API. */
export function loadRecaptcha(lang: string): Promise<RecaptchaApi> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  if (pending) return pending;
  pending = new Promise<RecaptchaApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = recaptchaScriptSrc(lang);
    script.async = true;
    window.livecamRecaptchaLoaded = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('no api'));
    script.onerror = () => {
      script.remove();
      pending = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  return pending;
}
