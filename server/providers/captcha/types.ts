/** What a captcha check says about a response token. */
export type CaptchaVerdict = 'ok' | 'wrong' | 'expired' | 'replayed' | 'unavailable';

/**
 * A captcha service (CAPTCHA_PROVIDER): the browser shows its widget with the public site key
 * and gets a response token; the server asks the service whether that token is good, once.
 */
export type CaptchaProvider = {
  name: 'sandbox' | 'recaptcha';
  siteKey: string;
  verify(token: string, remoteIp: string): Promise<CaptchaVerdict>;
};
