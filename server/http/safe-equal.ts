import { timingSafeEqual } from 'node:crypto';

/**
 * Compares a secret a caller sent (token, signature, code) with the expected one in constant
 * time, so the answer's timing tells nothing about how much of it matched.
 */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
