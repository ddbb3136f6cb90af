import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Web Push's settings (decision 067): the VAPID key pair the server signs its pushes with and the
 * contact it names to the push services. Production takes them from the settings; elsewhere a
 * pair is made once into DATA_DIR/web-push-vapid.json and kept, so a browser's subscription
 * survives a restart (a subscription is bound to the public key it was made with).
 */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, `must be base64url (${what})`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `must be ${bytes} bytes, base64url (${what})`);

export const webPushEnv = {
  /** The VAPID public key: an uncompressed P-256 point, base64url (`npx web-push generate-vapid-keys`). */
  WEB_PUSH_VAPID_PUBLIC_KEY: base64url(65, 'P-256 public key').optional(),
  /** The VAPID private key beside it: 32 bytes, base64url. A secret. */
  WEB_PUSH_VAPID_PRIVATE_KEY: base64url(32, 'P-256 private key').optional(),
  /** Whom a push service may contact about our pushes: mailto:… or https://…; default mailto:SUPPORT_EMAIL. */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be mailto:<address> or an https:// address')
    .optional(),
};

type WebPushEnv = z.infer<z.ZodObject<typeof webPushEnv>>;

export type VapidKeys = { publicKey: string; privateKey: string };

/** A new P-256 key pair in the form VAPID wants (uncompressed point, 32-byte scalar), base64url. */
export function newVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A'),
  };
}

/** The pair kept in DATA_DIR, made on the first start. */
function localVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'web-push-vapid.json');
  if (existsSync(file)) {
    const kept: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const parsed = z.object({ publicKey: z.string(), privateKey: z.string() }).safeParse(kept);
    if (parsed.success) return parsed.data;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = newVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * The settings, or what is missing. Production takes the pair from the settings only (a pair made
 * on one machine would differ on the next, and every subscription would stop working): without
 * it, Web Push is off (settings null, nothing missing). One key without the other is an error.
 */
export function webPushSettings(
  e: WebPushEnv & { SUPPORT_EMAIL: string },
  production: boolean,
  dataDir: string,
): { missing: string[]; settings: { keys: VapidKeys; subject: string } | null } {
  const publicKey = e.WEB_PUSH_VAPID_PUBLIC_KEY;
  const privateKey = e.WEB_PUSH_VAPID_PRIVATE_KEY;
  const subject = e.WEB_PUSH_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`;
  if (publicKey && privateKey) return { missing: [], settings: { keys: { publicKey, privateKey }, subject } };
  if (e.WEB_PUSH_VAPID_PUBLIC_KEY || e.WEB_PUSH_VAPID_PRIVATE_KEY) {
    return {
      missing: ['WEB_PUSH_VAPID_PUBLIC_KEY', 'WEB_PUSH_VAPID_PRIVATE_KEY'].filter((k) => !e[k as keyof WebPushEnv]),
      settings: null,
    };
  }
  if (production) return { missing: [], settings: null };
  return { missing: [], settings: { keys: localVapidKeys(dataDir), subject } };
}
