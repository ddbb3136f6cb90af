import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The join credential of a chat session (the spec's `password`): proof, for the stream and the
 * session's room, that whoever presents it was given the session by a start or a heartbeat a
 * short while ago. The session's own checks (open, the caller's browser session) still apply.
 */
export const CREDENTIAL_TTL_MS = 5 * 60_000;

const mac = (key: string, sessionId: string, expires: number) =>
  createHmac('sha256', key).update(`chat:${sessionId}:${expires}`).digest('base64url');

export function joinCredential(key: string, sessionId: string, now: number): string {
  const expires = Math.floor((now + CREDENTIAL_TTL_MS) / 1000);
  return `${expires}.${mac(key, sessionId, expires)}`;
}

export function validCredential(key: string, sessionId: string, credential: string, now: number): boolean {
  const [expiresText, given] = credential.split('.');
  const expires = Number(expiresText);
  if (!given || !Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(mac(key, sessionId, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
