import { createHmac } from 'node:crypto';
import type { Config } from '#server/config.ts';
import { isLoopbackAddress } from '#server/http/local-caller.ts';

/**
 * What the operator console and the studio share about their own accounts, apart from members'.
 *
 * Their cookies hold random tokens like members' (tokens.ts), hashed under a label of their own:
 * a member's token is no operator's or performer's, even in the wrong cookie.
 */
export const hashScopedToken = (
  secret: string,
  scope: 'operator-session' | 'performer-session' | 'performer-email',
  token: string,
) => createHmac('sha256', secret).update(`${scope}:${token}`).digest('base64url');

/** Addresses of operators and performers are kept in lower case and compared so. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Whether this server may let the demo logins with public passwords (operator, performers) in at
 * all: outside production, listening on loopback only. Each sign-in also needs a caller on this
 * machine (http/local-caller.ts).
 */
export const demoSignInServed = (config: Pick<Config, 'env' | 'host'>) =>
  config.env !== 'production' && isLoopbackAddress(config.host);
