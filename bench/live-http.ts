import { XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';

/**
 * A browser's side of the API over real HTTP: a cookie jar of its own and the CSRF header on every
 * write, as the SPA sends it. One per person (a viewer, the studio), so each has its own session.
 */
export class BrowserClient {
  private readonly jar = new Map<string, string>();

  constructor(private readonly base: string) {}

  private remember(res: Response) {
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  get cookies(): { name: string; value: string }[] {
    return [...this.jar].map(([name, value]) => ({ name, value }));
  }

  async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    if (method === 'POST' && !this.jar.has(XSRF_COOKIE)) await this.request('GET', '/api/auth/csrf-cookie');
    const headers: Record<string, string> = { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers[XSRF_HEADER] = decodeURIComponent(this.jar.get(XSRF_COOKIE) ?? '');
    }
    const res = await fetch(this.base + path, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const text = await res.text();
    this.remember(res);
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  get = <T>(path: string) => this.request<T>('GET', path);
  post = <T>(path: string, body?: unknown) => this.request<T>('POST', path, body);
}
