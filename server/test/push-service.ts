import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service of our own for tests (decision 067), answering as a real one would: it checks
 * the VAPID Authorization header (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, the JWT's
 * `aud` the endpoint's origin, `exp` at most 24 hours ahead, a `sub`, the key the subscription
 * was made with) and decrypts the aes128gcm body (RFC 8291 over RFC 8188) with the browser's
 * private key, as the browser would. Each endpoint answers 201, or 404/410 when told to.
 */
export type ReceivedPush = {
  endpoint: string;
  status: number;
  /** The decrypted body, parsed as JSON (null when it was refused). */
  payload: unknown;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** Why it was refused (401 for the signature, 400 for the encryption). */
  refusal: string | null;
};

type Browser = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; serverKey: string; answer: number };

export type PushServiceStandIn = {
  origin: string;
  received: ReceivedPush[];
  /** A browser's subscription to this service, made for the server's VAPID public key. */
  subscribe(serverKey: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What the endpoint answers from now on: 201 (taken), 404 or 410 (gone), or any other status. */
  answer(endpoint: string, status: number): void;
  /** Called with each push taken (the browser journey hands it on to the service worker). */
  onPush(listener: (push: ReceivedPush) => void): void;
  close(): Promise<void>;
};

const b64 = (b: Buffer) => b.toString('base64url');

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks the VAPID header: the JWT's signature with key k, its claims, and that k is the subscription's. */
function checkVapid(header: string | undefined, origin: string, serverKey: string, now: number): void {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Refused(401, 'no vapid authorization');
  const [, jwt = '', k = ''] = match;
  if (k !== serverKey) throw new Refused(403, 'key is not the one the subscription was made with');
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refused(401, 'k is no uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refused(401, 'bad signature');
  const jwtHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (jwtHeader.alg !== 'ES256') throw new Refused(401, `alg ${jwtHeader.alg}`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (claims.aud !== origin) throw new Refused(401, `aud ${claims.aud} is not ${origin}`);
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= seconds || claims.exp > seconds + 24 * 3600) {
    throw new Refused(401, 'exp not within 24 hours');
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Refused(401, 'no sub');
}

/** Decrypts an aes128gcm body (RFC 8188 header: salt, record size, key id = the server's one-off key). */
function decrypt(body: Buffer, browser: Browser): Buffer {
  if (body.length < 21 + 65 + 17) throw new Refused(400, 'body too short');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  if (idLength !== 65) throw new Refused(400, 'key id is no P-256 point');
  const asPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  if (cipher.length > recordSize) throw new Refused(400, 'more than one record');
  const uaPublic = browser.ecdh.getPublicKey();
  const secret = browser.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  } catch {
    throw new Refused(400, 'does not decrypt');
  }
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Refused(400, 'no last-record delimiter');
  return plain.subarray(0, end);
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });

export async function startPushService(now: () => number = Date.now): Promise<PushServiceStandIn> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const listeners: Array<(push: ReceivedPush) => void> = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const endpoint = `${origin}${req.url ?? ''}`;
    const browser = browsers.get(endpoint);
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const push: ReceivedPush = {
      endpoint,
      status: 201,
      payload: null,
      ttl: header('ttl') === null ? null : Number(header('ttl')),
      urgency: header('urgency'),
      topic: header('topic'),
      refusal: null,
    };
    try {
      if (req.method !== 'POST' || !browser) throw new Refused(404, 'no such subscription');
      if (browser.answer !== 201) throw new Refused(browser.answer, 'told to refuse');
      if (push.ttl === null || !Number.isInteger(push.ttl)) throw new Refused(400, 'no TTL');
      checkVapid(header('authorization') ?? undefined, origin, browser.serverKey, now());
      if (header('content-encoding') !== 'aes128gcm') throw new Refused(415, 'not aes128gcm');
      push.payload = JSON.parse(decrypt(body, browser).toString('utf8'));
    } catch (err) {
      push.status = err instanceof Refused ? err.status : 400;
      push.refusal = err instanceof Error ? err.message : 'refused';
    }
    received.push(push);
    if (push.status === 201) for (const l of listeners) l(push);
    // A redirect points back here, so a client that followed it would show in `received`.
    const redirect = push.status >= 300 && push.status < 400 ? { location: `${origin}/redirected` } : {};
    res.writeHead(push.status, redirect).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    origin,
    received,
    subscribe(serverKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      next += 1;
      const endpoint = `${origin}/push/${next}-${b64(randomBytes(8))}`;
      browsers.set(endpoint, { ecdh, auth, serverKey, answer: 201 });
      return { endpoint, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    answer(endpoint, status) {
      const browser = browsers.get(endpoint);
      if (browser) browser.answer = status;
    },
    onPush: (listener) => void listeners.push(listener),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
