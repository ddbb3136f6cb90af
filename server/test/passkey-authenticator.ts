import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for the passkey tests: an EC P-256 key pair per credential, the
 * attestation 'none' of a registration and the signed assertions of a sign-in, built byte by
 * byte as a platform authenticator does (WebAuthn Level 2, sections 6.1 and 6.5).
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** The few CBOR items an attestation needs: unsigned and negative integers, bytes, text, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type SoftCredential = { id: Buffer; privateKey: KeyObject; publicKey: KeyObject; counter: number };

export type CeremonyOptions = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };

/** Things a test may change to make an answer wrong on purpose. */
export type Tamper = { origin?: string; rpId?: string; counter?: number; userVerified?: boolean; challenge?: string };

export function softAuthenticator(defaults: { origin: string; rpId: string }) {
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const flags = (t: Tamper, extra = 0) => (t.userVerified === false ? UP : UP | UV) | extra;
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };

  return {
    /** navigator.credentials.create()'s JSON for these options: a new credential and its answer. */
    create(options: CeremonyOptions, t: Tamper = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credential: SoftCredential = { id: randomBytes(32), privateKey, publicKey, counter: 0 };
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const authData = Buffer.concat([
        sha256(t.rpId ?? defaults.rpId),
        Buffer.from([flags(t, AT)]),
        counterBytes(t.counter ?? 0),
        Buffer.alloc(16),
        idLength,
        credential.id,
        cose,
      ]);
      const json = {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(
            clientData('webauthn.create', t.challenge ?? options.challenge, t.origin ?? defaults.origin),
          ),
          attestationObject: b64(cbor({ fmt: 'none', attStmt: {}, authData })),
          transports: ['internal' as const],
        },
        clientExtensionResults: {},
      };
      return { credential, json };
    },

    /** navigator.credentials.get()'s JSON: the credential signs the challenge; its counter moves on. */
    get(credential: SoftCredential, options: CeremonyOptions, t: Tamper = {}, userHandle?: string) {
      credential.counter = t.counter ?? credential.counter + 1;
      const authData = Buffer.concat([
        sha256(t.rpId ?? defaults.rpId),
        Buffer.from([flags(t)]),
        counterBytes(credential.counter),
      ]);
      const data = clientData('webauthn.get', t.challenge ?? options.challenge, t.origin ?? defaults.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
      };
    },
  };
}
