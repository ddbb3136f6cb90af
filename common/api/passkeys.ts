import { z } from 'zod';
import { expects, REQUIRED, singleLine } from './fields.ts';

/**
 * Passkeys (WebAuthn, decision 066): the member's list, and the bodies of registration, sign-in
 * and confirmation. The browser's answers are the JSON forms @simplewebauthn/browser makes; their
 * binary fields are base64url, bounded so that no answer is larger than an authenticator makes.
 */

export const PASSKEY_NAME_MAX = 60;

const b64url = (max: number) =>
  z
    .string(expects('text'))
    .min(1, REQUIRED)
    .max(max, 'errors.validations.too_long')
    .regex(/^[A-Za-z0-9_-]+$/, 'errors.validations.invalid');

export const passkeyName = singleLine(expects('text'))
  .trim()
  .min(1, REQUIRED)
  .max(PASSKEY_NAME_MAX, 'errors.validations.too_long');

const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8)
  .optional();

/** navigator.credentials.create()'s answer, as JSON. */
export const registrationCredential = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(8192).optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** navigator.credentials.get()'s answer, as JSON. */
export const assertionCredential = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(8192),
    signature: b64url(2048),
    userHandle: b64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type AssertionCredential = z.infer<typeof assertionCredential>;

export const registerPasskeyBody = z.object({ name: passkeyName, credential: registrationCredential });
export const renamePasskeyBody = z.object({ name: passkeyName });
export const signInPasskeyBody = z.object({ credential: assertionCredential });
/** Deleting a passkey needs recent proof: the account's password, or a fresh assertion of one of her passkeys. */
export const deletePasskeyBody = z.union([
  z.object({ password: singleLine(expects('text')).min(1, REQUIRED).max(1024, 'errors.validations.too_long') }),
  z.object({ credential: assertionCredential }),
]);
export const passkeyParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Whether the passkey is kept in a synced place (a phone's or a password manager's keychain). */
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeysResponse = z.object({ data: z.array(passkey) });
export const passkeyResponse = z.object({ passkey });

/**
 * The options for the browser, as @simplewebauthn/server makes them: passed on to
 * @simplewebauthn/browser unchanged.
 */
export const webauthnOptionsResponse = z.object({ options: z.record(z.string(), z.unknown()) });
