import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIPv6 } from 'node:net';

/**
 * The few STUN/TURN messages (RFC 5389, RFC 5766) our own code sends to coturn: a Binding request
 * (is the relay up?) and an Allocate with the long-term credential mechanism (does a credential
 * get a relay address?). Operators' checks and the tests use them; browsers and the SFU bring
 * their own TURN clients.
 */
const MAGIC_COOKIE = 0x2112a442;
const BINDING_REQUEST = 0x0001;
const ALLOCATE_REQUEST = 0x0003;
const ALLOCATE_SUCCESS = 0x0103;
const CREATE_PERMISSION_REQUEST = 0x0008;
const CREATE_PERMISSION_SUCCESS = 0x0108;

const ATTR = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  xorPeerAddress: 0x0012,
  realm: 0x0014,
  nonce: 0x0015,
  xorRelayedAddress: 0x0016,
  requestedTransport: 0x0019,
} as const;

type Attribute = { type: number; value: Buffer };
export type StunMessage = { type: number; transactionId: Buffer; attributes: Attribute[] };

const pad4 = (n: number) => (4 - (n % 4)) % 4;

function encodeAttribute({ type, value }: Attribute): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value, Buffer.alloc(pad4(value.length))]);
}

function header(type: number, bodyLength: number, transactionId: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(bodyLength, 2);
  head.writeUInt32BE(MAGIC_COOKIE, 4);
  transactionId.copy(head, 8);
  return head;
}

/**
 * A request with its attributes; with a key, MESSAGE-INTEGRITY last: HMAC-SHA1 over the message
 * up to that attribute, the header's length already counting it (RFC 5389 section 15.4).
 */
export function encodeRequest(type: number, attributes: Attribute[], key?: Buffer): Buffer {
  const transactionId = randomBytes(12);
  const body = Buffer.concat(attributes.map(encodeAttribute));
  if (!key) return Buffer.concat([header(type, body.length, transactionId), body]);
  const signed = Buffer.concat([header(type, body.length + 24, transactionId), body]);
  const integrity = createHmac('sha1', key).update(signed).digest();
  return Buffer.concat([signed, encodeAttribute({ type: ATTR.messageIntegrity, value: integrity })]);
}

/** A STUN message read back; null for anything that is not one. */
export function decodeMessage(data: Buffer): StunMessage | null {
  if (data.length < 20 || data.readUInt32BE(4) !== MAGIC_COOKIE) return null;
  const end = 20 + data.readUInt16BE(2);
  if (end > data.length) return null;
  const attributes: Attribute[] = [];
  for (let at = 20; at + 4 <= end; ) {
    const length = data.readUInt16BE(at + 2);
    attributes.push({ type: data.readUInt16BE(at), value: data.subarray(at + 4, at + 4 + length) });
    at += 4 + length + pad4(length);
  }
  return { type: data.readUInt16BE(0), transactionId: data.subarray(8, 20), attributes };
}

const attribute = (message: StunMessage, type: number) => message.attributes.find((a) => a.type === type)?.value;

/** The ERROR-CODE of an error response (401, 403, 437 ...), null when there is none. */
export function errorCode(message: StunMessage): number | null {
  const value = attribute(message, ATTR.errorCode);
  return value && value.length >= 4 ? (value[2] ?? 0) * 100 + (value[3] ?? 0) : null;
}

/** An XOR-mapped address attribute's address and port (RFC 5389 section 15.2). */
function xorAddress(value: Buffer, transactionId: Buffer): { address: string; port: number } {
  const port = value.readUInt16BE(2) ^ (MAGIC_COOKIE >>> 16);
  const mask = Buffer.concat([Buffer.alloc(4), transactionId]);
  mask.writeUInt32BE(MAGIC_COOKIE, 0);
  const raw = Buffer.from(value.subarray(4).map((byte, i) => byte ^ (mask[i] ?? 0)));
  const address =
    value[1] === 0x01
      ? [...raw].join('.')
      : (raw.toString('hex').match(/.{4}/g) ?? []).join(':').replace(/\b0+(\w)/g, '$1');
  return { address, port };
}

/** An IPv4 peer as XOR-PEER-ADDRESS (port 0: a permission covers every port of the address). */
function xorPeer(address: string): Buffer {
  const value = Buffer.alloc(8);
  value[1] = 0x01;
  value.writeUInt16BE(0 ^ (MAGIC_COOKIE >>> 16), 2);
  value.writeUInt32BE((address.split('.').reduce((n, part) => n * 256 + Number(part), 0) ^ MAGIC_COOKIE) >>> 0, 4);
  return value;
}

type Udp = ReturnType<typeof createSocket>;

/** One request, answered by the response with its transaction id (resent every 250 ms). */
async function exchange(
  socket: Udp,
  to: { host: string; port: number },
  request: Buffer,
  timeoutMs: number,
): Promise<StunMessage> {
  const transactionId = request.subarray(8, 20);
  let resend: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let listener: ((data: Buffer) => void) | undefined;
  try {
    return await new Promise<StunMessage>((resolve, reject) => {
      listener = (data) => {
        const message = decodeMessage(data);
        if (message?.transactionId.equals(transactionId)) resolve(message);
      };
      socket.on('message', listener);
      const send = () => socket.send(request, to.port, to.host);
      resend = setInterval(send, 250);
      timer = setTimeout(() => reject(new Error(`no STUN answer from ${to.host}:${to.port}`)), timeoutMs);
      send();
    });
  } finally {
    clearInterval(resend);
    clearTimeout(timer);
    if (listener) socket.off('message', listener);
  }
}

/** A UDP socket for the server's address family, closed after `use` whatever happens. */
async function withSocket<T>(host: string, use: (socket: Udp) => Promise<T>): Promise<T> {
  const socket = createSocket(isIPv6(host) ? 'udp6' : 'udp4');
  socket.on('error', () => undefined);
  try {
    return await use(socket);
  } finally {
    socket.close();
  }
}

/** Whether a STUN server answers a Binding request at host:port within the time given. */
export async function answersBinding(host: string, port: number, timeoutMs: number): Promise<boolean> {
  try {
    await withSocket(host, (socket) => exchange(socket, { host, port }, encodeRequest(BINDING_REQUEST, []), timeoutMs));
    return true;
  } catch {
    return false;
  }
}

export type AllocateResult =
  | {
      ok: true;
      relayed: { address: string; port: number };
      /** Per peer asked for: null where a permission was granted, else the error code (403: denied). */
      permissions: Record<string, number | null>;
    }
  | { ok: false; code: number | null };

/**
 * A UDP relay allocation with a long-term credential (RFC 5766 section 6): the first Allocate
 * is answered 401 with the server's REALM and NONCE, the second carries USERNAME, REALM, NONCE and
 * MESSAGE-INTEGRITY keyed with MD5(username:realm:password). Then a CreatePermission for each
 * IPv4 peer given, which the relay grants or refuses (its denied peers). The allocation is left to
 * expire.
 */
export function allocate(
  server: { host: string; port: number },
  credential: { username: string; credential: string },
  options: { peers?: string[]; timeoutMs?: number } = {},
): Promise<AllocateResult> {
  const timeoutMs = options.timeoutMs ?? 3000;
  return withSocket(server.host, async (socket) => {
    const udp = { type: ATTR.requestedTransport, value: Buffer.from([17, 0, 0, 0]) };
    const challenge = await exchange(socket, server, encodeRequest(ALLOCATE_REQUEST, [udp]), timeoutMs);
    const realm = attribute(challenge, ATTR.realm);
    const nonce = attribute(challenge, ATTR.nonce);
    if (errorCode(challenge) !== 401 || !realm || !nonce) return { ok: false, code: errorCode(challenge) };
    const key = createHash('md5')
      .update(`${credential.username}:${realm.toString()}:${credential.credential}`)
      .digest();
    const signedBy = [
      { type: ATTR.username, value: Buffer.from(credential.username) },
      { type: ATTR.realm, value: realm },
      { type: ATTR.nonce, value: nonce },
    ];
    const answer = await exchange(socket, server, encodeRequest(ALLOCATE_REQUEST, [udp, ...signedBy], key), timeoutMs);
    const relayed = attribute(answer, ATTR.xorRelayedAddress);
    if (answer.type !== ALLOCATE_SUCCESS || !relayed) return { ok: false, code: errorCode(answer) };
    const permissions: Record<string, number | null> = {};
    for (const peer of options.peers ?? []) {
      const attributes = [{ type: ATTR.xorPeerAddress, value: xorPeer(peer) }, ...signedBy];
      const granted = await exchange(
        socket,
        server,
        encodeRequest(CREATE_PERMISSION_REQUEST, attributes, key),
        timeoutMs,
      );
      permissions[peer] = granted.type === CREATE_PERMISSION_SUCCESS ? null : errorCode(granted);
    }
    return { ok: true, relayed: xorAddress(relayed, answer.transactionId), permissions };
  });
}
