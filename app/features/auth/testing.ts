import { onTestFinished, vi } from 'vitest';
import { jsonResponse } from '#app/test/render.tsx';

export type ApiCall = {
  method: string;
  path: string;
  body: unknown;
  query: URLSearchParams;
  headers: Record<string, string>;
};
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Test double for the server: `'POST /api/auth/login'` -> a handler answering a Response.
 * Unknown calls answer 404; every call is recorded. The XSRF cookie is preset so unsafe
 * calls go straight out.
 */
export function mockApi(routes: Record<string, Handler>) {
  // biome-ignore lint/suspicious/noDocumentCookie: tests preset the cookie the server would set
  document.cookie = 'XSRF-TOKEN=test';
  const calls: ApiCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init?.body === 'string' ? init.body : '';
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: text ? JSON.parse(text) : undefined,
      query: url.searchParams,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    return handler ? handler(call) : jsonResponse({ error: 'not_found', message: 'not_found' }, 404);
  });
  onTestFinished(() => spy.mockRestore());
  return {
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export const apiError = (status: number, body: Record<string, unknown>) => jsonResponse(body, status);
