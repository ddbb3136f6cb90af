import { createHmac, randomBytes } from 'node:crypto';

/**
 * Cookie tokens are random; the database keeps only a keyed hash of them, and the CSRF
 * token is derived from the session token, so it is bound to the session and rotates with it.
 */
export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (secret: string, token: string) =>
  createHmac('sha256', secret).update(`session:${token}`).digest('base64url');

export const csrfTokenFor = (secret: string, token: string) =>
  createHmac('sha256', secret).update(`csrf:${token}`).digest('base64url');

export const isWellFormedToken = (token: string | undefined): token is string =>
  typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
