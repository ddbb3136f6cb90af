import { randomBytes } from 'node:crypto';

/**
 * A viewer's subscription id as the browser holds it: a UUID (version 8) whose first four bytes
 * are the show's numeric id and whose other 90 bits are random. Whichever process a later call
 * (answer, leave) lands on reads the show from it and passes the call to the process holding the
 * show's publication (decision 051). The show part is no secret and chooses nothing but which
 * show's holder is asked: a forged one reaches that holder, which knows no such subscription.
 */
export function subscriptionIdFor(showId: number): string {
  const bytes = randomBytes(16);
  bytes.writeUInt32BE(showId >>> 0, 0);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The show a subscription id of ours names; null for any other UUID. */
export function showOfSubscription(id: string): number | null {
  const m = /^([0-9a-f]{8})-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.exec(id);
  if (!m?.[1]) return null;
  const showId = Number.parseInt(m[1], 16);
  return showId > 0 ? showId : null;
}
