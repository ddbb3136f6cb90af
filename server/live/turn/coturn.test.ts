import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { peerConfig } from '../werift-config.ts';
import type { CoturnSettings } from './coturn-config.ts';
import { findTurnserver, type RunningCoturn, startCoturn } from './coturn-process.ts';
import { sfuIceServers, turnCredential } from './credentials.ts';
import { allocate } from './stun.ts';

const turnserver = findTurnserver();
if (!turnserver)
  console.info('coturn.test.ts skipped: it needs coturn (/usr/bin/turnserver; scripts/ensure-media-servers.sh)');

/**
 * A port nobody holds now on loopback, for UDP and TCP both (coturn listens on the same number
 * for each). It is drawn below the kernel's ephemeral range (32768-60999), where the outgoing TCP
 * connections of the tests running beside this one (to the database, Redis, each other's
 * servers) take their local ports: a port the kernel hands out for UDP can be taken for TCP a
 * moment later.
 */
async function freeTurnPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if ((await bindsUdp(port)) && (await bindsTcp(port))) return port;
  }
}

function bindsUdp(port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  return new Promise((resolve) => {
    socket.once('error', () => socket.close(() => resolve(false)));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

function bindsTcp(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const secret = 'a-coturn-secret-for-this-test-only-0123';

describe.skipIf(!turnserver)('coturn with our configuration and credentials', () => {
  let coturn: RunningCoturn;
  let settings: CoturnSettings;
  const server = { host: '127.0.0.1', port: 0 };
  beforeAll(async () => {
    server.port = await freeTurnPort();
    // A relay range of its own per run, so parallel runs on the machine rarely meet.
    const low = 50_000 + Math.floor(Math.random() * 150) * 100;
    settings = {
      listeningIps: ['127.0.0.1'],
      relayIps: ['127.0.0.1'],
      port: server.port,
      relayPorts: [low, low + 99],
      secret,
      realm: 'livecam.test',
      tls: null,
      // As on one machine: the SFU listens on loopback, so loopback is the one private peer allowed.
      allowedPeers: ['127.0.0.0-127.255.255.255'],
      stateDir: mkdtempSync(path.join(tmpdir(), 'coturn-')),
      logFile: 'stdout',
    };
    coturn = await startCoturn(settings);
  });
  afterAll(async () => {
    await coturn?.stop();
    rmSync(settings.stateDir, { recursive: true, force: true });
  });

  it('relays for a credential signed with the secret, to loopback but not to private networks', async () => {
    const fresh = turnCredential(secret, 'viewer', Date.now(), 600);
    const result = await allocate(server, fresh, {
      peers: ['127.0.0.1', '10.1.2.3', '192.168.1.10', '169.254.169.254'],
    });
    expect(result).toEqual({
      ok: true,
      relayed: { address: '127.0.0.1', port: expect.any(Number) },
      permissions: { '127.0.0.1': null, '10.1.2.3': 403, '192.168.1.10': 403, '169.254.169.254': 403 },
    });
    if (result.ok) {
      expect(result.relayed.port).toBeGreaterThanOrEqual(settings.relayPorts[0]);
      expect(result.relayed.port).toBeLessThanOrEqual(settings.relayPorts[1]);
    }
  });

  it('refuses an expired credential, one from another secret and a changed password', async () => {
    const expired = turnCredential(secret, 'viewer', Date.now() - 3_600_000, 600);
    const foreign = turnCredential(`${secret}-other`, 'viewer', Date.now(), 600);
    const fresh = turnCredential(secret, 'viewer', Date.now(), 600);
    const tampered = { username: fresh.username.replace('viewer', 'viewer2'), credential: fresh.credential };
    for (const credential of [expired, foreign, tampered]) {
      expect(await allocate(server, credential)).toEqual({ ok: false, code: 401 });
    }
  });

  it("gives the SFU's peer connections a relay candidate with the SFU's year-long credential", async () => {
    const turn = { urls: [`turn:127.0.0.1:${server.port}?transport=udp`], secret, ttlSeconds: 600, forSfu: true };
    const pc = new RTCPeerConnection(
      peerConfig({
        iceServers: sfuIceServers([], turn, Date.now()),
        hostAddresses: { lan: false, addresses: ['127.0.0.1'] },
        udpPortRange: null,
      }),
    );
    try {
      pc.addTransceiver('video', { direction: 'sendonly' });
      await pc.setLocalDescription(await pc.createOffer());
      const relays = [
        ...(pc.localDescription?.sdp ?? '').matchAll(/a=candidate:\S+ \d+ udp \d+ (\S+) (\d+) typ relay/g),
      ];
      expect(relays).toHaveLength(1);
      expect(relays[0]?.[1]).toBe('127.0.0.1');
      expect(Number(relays[0]?.[2])).toBeGreaterThanOrEqual(settings.relayPorts[0]);
    } finally {
      await pc.close();
    }
  });

  it('keeps its configuration, secret included, readable by its owner only', () => {
    expect(statSync(coturn.configFile).mode & 0o077).toBe(0);
    expect(readFileSync(coturn.configFile, 'utf8')).toContain(`static-auth-secret=${secret}`);
  });

  it('stops the process it started, and only it', async () => {
    const other = await startCoturn(
      { ...settings, port: await freeTurnPort(), stateDir: path.join(settings.stateDir, 'second') },
      { readyWithinMs: 10_000 },
    );
    await other.stop();
    expect(await other.exited).toBe('SIGTERM');
    expect(await allocate(server, turnCredential(secret, 'again', Date.now(), 600))).toMatchObject({ ok: true });
  });
});

describe('starting coturn', () => {
  it('says why when it cannot', async () => {
    await expect(
      startCoturn(
        {
          listeningIps: ['127.0.0.1'],
          relayIps: ['127.0.0.1'],
          port: 3478,
          relayPorts: [50_000, 50_010],
          secret,
          realm: 'livecam.test',
          tls: null,
          allowedPeers: [],
          stateDir: mkdtempSync(path.join(tmpdir(), 'coturn-')),
          logFile: 'stdout',
        },
        { binary: '/nonexistent/turnserver', readyWithinMs: 500 },
      ),
    ).rejects.toThrow(/coturn exited/);
  });
});
