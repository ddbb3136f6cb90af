import { createHmac } from 'node:crypto';
import { addressKey } from '#server/http/client-address.ts';

/**
 * A guest's address as the database keeps it (decision 041): a keyed hash of what per-address
 * limits key by (an IPv4 address, an IPv6 /64), with a key derived from the session secret and
 * labelled for this one purpose. Equal addresses give equal hashes; the table alone names no
 * address. 22 characters of base64url (132 bits).
 */
export const addressHash = (sessionSecret: string, ip: string) =>
  createHmac('sha256', sessionSecret)
    .update(`guest-address:${addressKey(ip)}`)
    .digest('base64url')
    .slice(0, 22);
