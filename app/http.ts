import type { ApiErrorBody } from '#common/api/errors.ts';
import { XSRF_COOKIE } from '#common/constants.ts';
import { ApiError } from './api-error.ts';
import { readCookie } from './cookies.ts';
import { i18n } from './i18n.ts';

// The error class lives apart so that the console's bundle takes it without the site's texts.
export { ApiError } from './api-error.ts';

type Listener = (event: { status: number; url: string; version: string | null }) => void;
const listeners = new Set<Listener>();
/** The shell listens to every answer: x-version for the update banner, 401/403 for the global rules. */
export const onApiResponse = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How a call leaves: the browser's fetch; the server's page renderer answers it in process instead. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

/** Replaces how calls leave (the server's renderer, once per process). */
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

async function ensureXsrf() {
  if (!readCookie(XSRF_COOKIE)) await fetch('/api/auth/csrf-cookie', { credentials: 'same-origin' });
}

/**
 * Every call of the SPA: base /api, the interface language as Accept-Language, and the
 * XSRF token echoed on unsafe methods (fetched first when the cookie is missing). A read that
 * was answered after the language switched is asked again, so no cache keeps the old language.
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init: {
    signal?: AbortSignal;
    query?: Record<string, string | number | undefined>;
    /** Further request headers (an Idempotency-Key). */
    headers?: Record<string, string>;
    /** A POST that only reads (the content API): it needs no XSRF token. */
    read?: boolean;
  } = {},
): Promise<T> {
  const unsafe = UNSAFE.has(method) && !init.read;
  if (unsafe) await ensureXsrf();
  const qs = init.query
    ? `?${new URLSearchParams(
        Object.entries(init.query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      ).toString()}`
    : '';
  const url = `/api/${path.replace(/^\//, '')}${qs}`;
  const language = i18n.language || 'en';
  const headers: Record<string, string> = {
    ...init.headers,
    accept: 'application/json',
    'accept-language': language,
  };
  // A file (a Blob) goes as it is, under its own type; anything else as JSON.
  const file = body instanceof Blob ? body : null;
  if (file) headers['content-type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  if (unsafe) headers['x-xsrf-token'] = readCookie(XSRF_COOKIE) ?? '';
  const res = await transport(url, {
    method,
    headers,
    credentials: 'same-origin',
    ...(file ? { body: file } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  for (const l of listeners) l({ status: res.status, url, version: res.headers.get('x-version') });
  const text = await res.text();
  const data: unknown = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  if (!res.ok) {
    const wait = Number(res.headers.get('retry-after'));
    const retryAfter = res.status === 429 && Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : null;
    throw new ApiError(res.status, typeof data === 'object' && data ? (data as ApiErrorBody) : null, retryAfter);
  }
  // The language switched while this read was under way: its words are in the old one, ask again.
  if (method === 'GET' && (i18n.language || 'en') !== language) return api<T>(method, path, body, init);
  return data as T;
}
