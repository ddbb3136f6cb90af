import { describe, expect, it } from 'vitest';
import { type CoturnSettings, DENIED_PEER_RANGES, renderCoturnConfig } from './coturn-config.ts';

const production: CoturnSettings = {
  listeningIps: ['10.0.0.5'],
  relayIps: ['10.0.0.5'],
  externalIp: '203.0.113.7',
  port: 3478,
  relayPorts: [49_152, 65_535],
  secret: 's'.repeat(40),
  realm: 'turn.example.com',
  tls: { cert: '/etc/letsencrypt/live/turn.example.com/fullchain.pem', key: '/etc/coturn/privkey.pem', port: 5349 },
  allowedPeers: [],
  deniedPeers: ['198.51.100.20'],
  stateDir: '/var/lib/livecam-turn',
  logFile: '/var/log/livecam-turn.log',
};
const lines = (settings: CoturnSettings) => renderCoturnConfig(settings).trimEnd().split('\n');

describe('the coturn configuration', () => {
  it('checks time-limited credentials and relays UDP to public peers only in production', () => {
    const conf = lines(production);
    expect(conf).toEqual(
      expect.arrayContaining([
        'listening-ip=10.0.0.5',
        'relay-ip=10.0.0.5',
        'external-ip=203.0.113.7',
        'listening-port=3478',
        'min-port=49152',
        'max-port=65535',
        'use-auth-secret',
        `static-auth-secret=${'s'.repeat(40)}`,
        'realm=turn.example.com',
        'fingerprint',
        'tls-listening-port=5349',
        'cert=/etc/letsencrypt/live/turn.example.com/fullchain.pem',
        'pkey=/etc/coturn/privkey.pem',
        'no-tcp-relay',
        'no-multicast-peers',
        'no-cli',
        'pidfile=/var/lib/livecam-turn/turnserver.pid',
        'log-file=/var/log/livecam-turn.log',
      ]),
    );
    expect(conf).not.toContain('no-tls');
    expect(conf).not.toContain('allow-loopback-peers');
    expect(conf.filter((l) => l.startsWith('allowed-peer-ip'))).toEqual([]);
    const denied = conf.filter((l) => l.startsWith('denied-peer-ip=')).map((l) => l.slice('denied-peer-ip='.length));
    expect(denied).toEqual([...DENIED_PEER_RANGES, '198.51.100.20']);
    for (const range of ['10.0.0.0-10.255.255.255', '127.0.0.0-127.255.255.255', '169.254.0.0-169.254.255.255']) {
      expect(denied).toContain(range);
    }
    expect(denied).toContain('::ffff:0.0.0.0-::ffff:255.255.255.255');
  });

  it('opens loopback as a peer only when asked (one machine), and goes without TLS when it has no certificate', () => {
    const conf = lines({
      ...production,
      tls: null,
      allowedPeers: ['127.0.0.0-127.255.255.255'],
      externalIp: undefined,
    });
    expect(conf).toEqual(
      expect.arrayContaining([
        'no-tls',
        'no-dtls',
        'allow-loopback-peers',
        'allowed-peer-ip=127.0.0.0-127.255.255.255',
      ]),
    );
    expect(conf.some((l) => l.startsWith('tls-listening-port') || l.startsWith('cert='))).toBe(false);
    expect(conf.some((l) => l.startsWith('external-ip'))).toBe(false);
    // The SFU's one private address allowed, loopback still closed.
    const sfu = lines({ ...production, allowedPeers: ['10.0.0.11'] });
    expect(sfu).toContain('allowed-peer-ip=10.0.0.11');
    expect(sfu).not.toContain('allow-loopback-peers');
  });

  it('refuses settings that would break or extend the file', () => {
    expect(() => renderCoturnConfig({ ...production, secret: 'short' })).toThrow(/32 characters/);
    expect(() => renderCoturnConfig({ ...production, secret: `${'s'.repeat(40)}\ncli-password=x` })).toThrow(
      /static-auth-secret/,
    );
    expect(() => renderCoturnConfig({ ...production, realm: 'a # b' })).toThrow(/realm/);
    expect(() => renderCoturnConfig({ ...production, port: 70_000 })).toThrow(/port/);
    expect(() => renderCoturnConfig({ ...production, relayPorts: [50_000, 50_000] })).toThrow(/min must be below max/);
  });
});
