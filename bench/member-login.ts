import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';
import { DEMO_MEMBER } from '#server/db/seed/demo.ts';

/** Signs a member (the demo member unless named) in at `base` the way the SPA does; answers the Cookie header of her session. */
export async function memberCookie(
  base: string,
  member: { email: string; password: string } = DEMO_MEMBER,
): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${base}/api/auth/csrf-cookie`);
  await csrf.text();
  remember(csrf);
  const xsrf = jar.get(XSRF_COOKIE);
  if (csrf.status !== 204 || !xsrf) throw new Error(`csrf-cookie answered ${csrf.status} without ${XSRF_COOKIE}`);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(), [XSRF_HEADER]: decodeURIComponent(xsrf) },
    body: JSON.stringify({ username: member.email, password: member.password }),
  });
  const body = await res.text();
  remember(res);
  if (res.status !== 200 || !jar.has(SESSION_COOKIE)) {
    throw new Error(`login answered ${res.status}: ${body.slice(0, 300)}`);
  }
  return cookieHeader();
}
