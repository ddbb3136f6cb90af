import { hashScopedToken } from '#server/features/session/scoped.ts';

/**
 * Operator cookies hold random tokens like members' (session/tokens.ts), hashed under their own
 * label: a member's token is no operator's and an operator's no member's, even in the wrong cookie.
 */
export const hashOperatorToken = (secret: string, token: string) => hashScopedToken(secret, 'operator-session', token);
