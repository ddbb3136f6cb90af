import { createHmac } from 'node:crypto';
import { safeEqual } from '#server/http/safe-equal.ts';

/**
 * Twilio's request signature (header `X-Twilio-Signature`), documented in "Webhooks security":
 * the full URL Twilio requested (with its query), then every POST parameter sorted by name,
 * each as name followed by value with nothing between; HMAC-SHA1 of that string with the
 * account's auth token as the key, base64-encoded. The same scheme covers the voice line's
 * callbacks and the SMS gateway's status callbacks. It carries no time: replays are caught by
 * the event ids the callers derive from the parameters.
 */
export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

export type FormParams = Record<string, string[]>;

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The parameters of an application/x-www-form-urlencoded body, every value of a repeated name kept. */
export function parseForm(raw: string): FormParams {
  const params: FormParams = {};
  for (const [k, v] of new URLSearchParams(raw)) params[k] = [...(params[k] ?? []), v];
  return params;
}

/** The signature of a request to `url` with these POST parameters. */
export function twilioSignature(authToken: string, url: string, params: FormParams | Record<string, string>): string {
  let data = url;
  for (const name of Object.keys(params).sort(byName)) {
    const value = params[name];
    const values = Array.isArray(value) ? [...value].sort(byName) : [value ?? ''];
    for (const v of values) data += name + v;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * The same address with the scheme's default port written out, or without it when it is written
 * (`https://host/p` and `https://host:443/p`); null when it names another port or is no http(s) URL.
 */
export function otherPortForm(url: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(url);
  if (!m) return null;
  const [, scheme = '', authority = '', rest = ''] = m;
  const port = scheme.toLowerCase() === 'https' ? '443' : '80';
  const written = /:(\d+)$/.exec(authority);
  if (!written) return `${scheme}://${authority}:${port}${rest}`;
  return written[1] === port ? `${scheme}://${authority.slice(0, -(port.length + 1))}${rest}` : null;
}

/**
 * Whether the header is the signature of this URL and these parameters, compared in constant time.
 * Twilio may sign the address with or without the scheme's default port (its own validators accept
 * both), so both forms are tried.
 */
export function verifyTwilioSignature(authToken: string, header: unknown, url: string, params: FormParams): boolean {
  if (typeof header !== 'string' || header.length === 0 || header.length > 128) return false;
  const other = otherPortForm(url);
  const forms = other === null ? [url] : [url, other];
  // Every form is computed and compared, so the time taken does not tell which one matched.
  return forms.map((u) => safeEqual(header, twilioSignature(authToken, u, params))).includes(true);
}

/** One value of a parameter, or null when it is missing or repeated. */
export const single = (params: FormParams, name: string): string | null => {
  const values = params[name];
  return values?.length === 1 ? (values[0] ?? null) : null;
};
