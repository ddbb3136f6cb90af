import { CONSOLE_ACTION_HEADER } from '#common/api/admin.ts';
import type { ApiErrorBody } from '#common/api/errors.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';
import { ApiError } from '../api-error.ts';
import { readCookie } from '../cookies.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let language = 'en';
/** The language the server answers the console's calls in (its error texts, its mails). */
export const setConsoleLanguage = (next: string) => {
  language = next;
};

/**
 * Every call of the console: /api/admin/..., JSON both ways, the site's CSRF header on writes (the
 * cookie fetched first when missing), and an action's key when it names one. Throws ApiError for
 * an answer other than 2xx, and for no answer at all (status 0: offline, the server away).
 */
export async function consoleApi<T>(
  method: Method,
  path: string,
  body?: unknown,
  opts: { actionKey?: string; query?: Record<string, string | number | undefined>; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  if (method !== 'GET') {
    if (!readCookie(XSRF_COOKIE)) await fetch('/api/auth/csrf-cookie', { credentials: 'same-origin' });
    headers[XSRF_HEADER] = readCookie(XSRF_COOKIE) ?? '';
  }
  if (opts.actionKey) headers[CONSOLE_ACTION_HEADER] = opts.actionKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const query = new URLSearchParams(
    Object.entries(opts.query ?? {}).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  ).toString();
  const url = `/api/admin/${path.replace(/^\//, '')}${query ? `?${query}` : ''}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(0, null);
  }
  const text = await res.text();
  const data: unknown = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null;
  if (!res.ok) {
    const wait = Number(res.headers.get('retry-after'));
    const errorBody = typeof data === 'object' && data ? (data as ApiErrorBody) : null;
    throw new ApiError(res.status, errorBody, Number.isFinite(wait) && wait > 0 ? wait : null);
  }
  return data as T;
}

/** A new key for one action (a form opened, a button's intent): kept across its retries. */
export const newActionKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};
