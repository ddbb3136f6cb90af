import { createHmac, randomBytes } from 'node:crypto';
import type { IceServer } from '../werift-config.ts';

/**
 * Time-limited TURN credentials in coturn's REST-API scheme (`use-auth-secret` with
 * `static-auth-secret`): the username is `<expiry in unix seconds>:<opaque id>` and the credential
 * base64(HMAC-SHA1(secret, username)). coturn recomputes the credential from the username and
 * refuses it once the expiry has passed, so nothing is stored on either side and a credential
 * copied out of a browser stops working by itself (decision 054).
 */
export type TurnSettings = {
  /** `turn:` / `turns:` URLs of the relay, handed to browsers as one RTCIceServer. */
  urls: string[];
  /** The secret coturn shares (`static-auth-secret`); it signs credentials and is never sent anywhere. */
  secret: string;
  /** How long a credential handed to a browser stays usable. */
  ttlSeconds: number;
  /** Whether the embedded SFU gathers relay candidates too (TURN_FOR_SFU). */
  forSfu: boolean;
};

export type TurnCredential = { username: string; credential: string; expiresAt: number };

/**
 * The SFU's own credential lives for a year: it is built once at start, stays in the process's
 * memory and never leaves it (whoever reads that memory holds TURN_SECRET anyway), and a process
 * runs far shorter than that between deploys. A short life would need renewing inside werift's
 * peer configuration for no gain.
 */
export const SFU_TURN_TTL_SECONDS = 365 * 24 * 3600;

/** A credential that expires `ttlSeconds` after `nowMs`, for the opaque id given. */
export function turnCredential(secret: string, id: string, nowMs: number, ttlSeconds: number): TurnCredential {
  if (id.includes(':')) throw new Error('a TURN credential id holds no colon');
  const expiresAt = Math.floor(nowMs / 1000) + ttlSeconds;
  const username = `${expiresAt}:${id}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt };
}

/**
 * A fresh id for each credential: random, so a username in coturn's logs or in a browser's
 * memory names no member, performer or session, and two credentials are never linked.
 */
export function randomCredentialId(): string {
  return randomBytes(12).toString('base64url');
}

/** The TURN server as a browser's RTCIceServer, with a credential of its own (one per signalling answer). */
export function turnIceServer(turn: TurnSettings, nowMs: number, id = randomCredentialId()): IceServer {
  const { username, credential } = turnCredential(turn.secret, id, nowMs, turn.ttlSeconds);
  return { urls: turn.urls, username, credential };
}

/** What a browser's signalling answer carries: ICE_SERVERS, then the relay with a fresh credential. */
export function browserIceServers(iceServers: IceServer[], turn: TurnSettings | null, nowMs: number): IceServer[] {
  return turn ? [...iceServers, turnIceServer(turn, nowMs)] : iceServers;
}

/**
 * What the SFU's own ICE agent uses: ICE_SERVERS, and the relay (with the year-long credential)
 * when TURN_FOR_SFU asks for it. werift takes the first TURN server it finds, so the relay goes
 * after any listed in ICE_SERVERS.
 */
export function sfuIceServers(iceServers: IceServer[], turn: TurnSettings | null, nowMs: number): IceServer[] {
  if (!turn?.forSfu) return iceServers;
  const { username, credential } = turnCredential(turn.secret, 'sfu', nowMs, SFU_TURN_TTL_SECONDS);
  return [...iceServers, { urls: turn.urls, username, credential }];
}
