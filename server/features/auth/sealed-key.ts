import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * An authenticator-app key as the database keeps it: AES-256-GCM under SECOND_FACTOR_KEY, bound to
 * its owner (additional data `member-totp:<id>` or `operator-totp:<id>`), so a row copied to another
 * member or operator, or from one table to the other, does not open. `v1.<iv>.<tag>.<text>`, each
 * base64url (decision 071).
 */
const FORM = 'v1';

/** Whose key it is: a member's (`member_second_factor`) or a console operator's (`operators`). */
export type KeyOwner = { kind: 'member' | 'operator'; id: number };

const aad = (owner: KeyOwner) => Buffer.from(`${owner.kind}-totp:${owner.id}`);

export function sealAppKey(key: string, owner: KeyOwner, appKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), iv).setAAD(aad(owner));
  const text = Buffer.concat([cipher.update(appKey, 'utf8'), cipher.final()]);
  return [FORM, iv, cipher.getAuthTag(), text]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Whether a stored text has the sealed form (a base32 key has no dot), opening or not. */
export const isSealedAppKey = (stored: string) => stored.startsWith(`${FORM}.`);

/** The app key, or null: no server key, another form, another owner's row, or a changed key or text. */
export function openAppKey(key: string | null, owner: KeyOwner, sealed: string): string | null {
  const [form, iv, tag, text] = sealed.split('.');
  if (!key || form !== FORM || !iv || !tag || !text) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), Buffer.from(iv, 'base64url'))
      .setAAD(aad(owner))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
