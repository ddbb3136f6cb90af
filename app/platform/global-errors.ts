import { ApiError } from '#app/http.ts';

export type GlobalErrorAction = { kind: 'logout' } | { kind: 'navigate'; to: string } | null;

/**
 * Whether a 401 says the session itself is gone: the server's `unauthenticated`, or an answer
 * without our body (a proxy's). Any other 401 is about what the request carried (a password, a
 * token) and belongs to the form that sent it; it must not sign the member out.
 */
const sessionGone = (error: ApiError) => !error.body || error.body.error === 'unauthenticated';

/**
 * The global rules of spec part 1 sections 6 and 8: a 401 while logged in that says the session
 * is gone ends it (CSRF cookie, then /logout); a 403 for an unverified member goes to /verify; any
 * other 403 goes home. A blocked account's 403 is the login form's own answer and stays there.
 */
export function globalErrorAction(error: unknown, loggedIn: boolean): GlobalErrorAction {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return loggedIn && sessionGone(error) ? { kind: 'logout' } : null;
  if (error.status !== 403) return null;
  const code = error.body?.message ?? error.body?.error;
  if (code === 'not_verified' || error.body?.error === 'not_verified') return { kind: 'navigate', to: '/verify' };
  if (code === 'user_blocked' || error.body?.error === 'user_blocked') return null;
  return { kind: 'navigate', to: '/' };
}
