import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AssertionCredential } from '#common/api/passkeys.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { type PasskeyRow, passkeyByCredential, passkeysOf } from './data.ts';
import { CHALLENGE_TTL_MS, type ChallengePurpose, notePasskeyUse, saveChallenge, takeChallenge } from './mutations.ts';
import type { RelyingParty } from './relying-party.ts';

/*
 * The WebAuthn ceremonies (decision 066) on @simplewebauthn/server: options with a challenge kept
 * server-side for the session (single use, CHALLENGE_TTL_MS), and the checks of the browser's
 * answers. User verification is required everywhere: a verified passkey is two factors by itself.
 */

/** The user handle passkeys of hers carry: derived from her id, so it names nobody to others. */
export const userHandle = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`passkey-user:${userId}`).digest().subarray(0, 16);

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** Options for adding a passkey; her passkeys are excluded, so one authenticator is not added twice. */
export async function registrationOptions(
  db: DbOrTx,
  input: {
    sessionId: string;
    rp: RelyingParty;
    secret: string;
    user: { id: number; email: string; name: string | null };
  },
) {
  const { rp, user } = input;
  const existing = await passkeysOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.name ?? user.email,
    userID: userHandle(input.secret, user.id),
    userDisplayName: user.name ?? user.email,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await saveChallenge(db, {
    sessionId: input.sessionId,
    purpose: 'register',
    challenge: options.challenge,
    userId: user.id,
    rpId: rp.id,
  });
  return options;
}

/** The new credential of a registration answer, or null when it does not hold (the challenge is used up either way). */
export async function verifyRegistration(
  db: DbOrTx,
  input: { sessionId: string; userId: number; rp: RelyingParty; credential: unknown },
) {
  const open = await takeChallenge(db, input.sessionId, 'register');
  if (!open || open.userId !== input.userId || open.rpId !== input.rp.id) return null;
  const result = await verifyRegistrationResponse({
    // Checked by the route's schema; the library checks the rest.
    response: input.credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge: open.challenge,
    expectedOrigin: input.rp.origins,
    expectedRPID: open.rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) return null;
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: b64(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    rpId: open.rpId,
  };
}

/**
 * Options for proving a passkey: for a named member (her passkeys allowed: a confirmation or the
 * second factor), or for nobody (the sign-in: the browser offers the passkeys it holds for us).
 */
export async function assertionOptions(
  db: DbOrTx,
  input: { sessionId: string; purpose: ChallengePurpose; rp: RelyingParty; userId: number | null },
) {
  const { rp, userId } = input;
  const mine = userId === null ? [] : (await passkeysOf(db, userId)).filter((p) => p.rpId === rp.id);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
    ...(userId === null
      ? {}
      : { allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })) }),
  });
  await saveChallenge(db, {
    sessionId: input.sessionId,
    purpose: input.purpose,
    userId,
    rpId: rp.id,
    challenge: options.challenge,
  });
  return options;
}

/**
 * Checks a passkey's answer to the session's open challenge of `purpose`: signature, origin,
 * relying party, user verification and a counter that moved forward. For a named member only
 * her own passkeys count (the second factor, a confirmation); for the sign-in (userId null) the
 * credential names its owner. Answers the passkey (its new counter and time noted), or null:
 * every refusal looks the same to the caller.
 */
export async function verifyPasskeyAssertion(
  db: DbOrTx,
  input: {
    sessionId: string;
    purpose: ChallengePurpose;
    userId: number | null;
    rp: RelyingParty;
    secret: string;
    credential: AssertionCredential;
  },
): Promise<PasskeyRow | null> {
  const open = await takeChallenge(db, input.sessionId, input.purpose);
  if (!open || open.userId !== input.userId || open.rpId !== input.rp.id) return null;
  const passkey = await passkeyByCredential(db, input.credential.id);
  if (!passkey || passkey.rpId !== open.rpId) return null;
  if (input.userId !== null && passkey.userId !== input.userId) return null;
  const handle = input.credential.response.userHandle;
  if (handle && handle !== b64(userHandle(input.secret, passkey.userId))) return null;
  const result = await verifyAuthenticationResponse({
    response: input.credential,
    expectedChallenge: open.challenge,
    expectedOrigin: input.rp.origins,
    expectedRPID: open.rpId,
    credential: {
      id: passkey.credentialId,
      publicKey: fromB64(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified || !result.authenticationInfo.userVerified) return null;
  if (!(await notePasskeyUse(db, passkey.id, result.authenticationInfo.newCounter))) return null;
  return passkey;
}
