import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JanusEndpoint } from '#server/live/janus/janus-node.ts';
import { janusInstalled, type RunningJanus, startJanus } from '#server/live/janus/janus-process.ts';
import { machineAddresses } from '#server/live/werift-config.ts';
import { freePort } from '#server/test/server-process.ts';

/**
 * Janus instances for tests: each on free loopback ports for its APIs, RTP ports of its own, in a
 * temporary folder. Janus offers no loopback candidates, so peers talk to it on the machine's own
 * network address (`mediaHost`).
 */

export const janusAvailable = janusInstalled();

/** The machine's first IPv4 address: where Janus gathers candidates and test peers sit. */
export const mediaHost = machineAddresses().find((a) => !a.includes(':')) ?? '127.0.0.1';

let started = 0;

export type TestJanus = RunningJanus & { endpoint: JanusEndpoint };

export async function startTestJanus(): Promise<TestJanus> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) % 8;
  const slot = started++ % 4;
  const low = 50_000 + worker * 1_000 + slot * 250;
  const apiSecret = randomBytes(24).toString('base64url');
  const adminSecret = randomBytes(24).toString('base64url');
  const name = `janus-test-${process.pid}-${slot}`;
  const running = await startJanus({
    name,
    dir: path.join(tmpdir(), name),
    apiHost: '127.0.0.1',
    apiPort: await freePort(),
    adminPort: await freePort(),
    apiSecret,
    adminSecret,
    rtpPorts: [low, low + 249],
    iceInterfaces: [],
  });
  return {
    ...running,
    endpoint: { name, url: running.url, apiSecret, adminUrl: running.adminUrl, adminSecret, mediaAddress: mediaHost },
  };
}
