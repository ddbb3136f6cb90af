import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/env.ts';
import {
  addressKey,
  clientAddress,
  parseTrustProxy,
  plainAddress,
  proxyTrust,
  type TrustProxy,
} from './client-address.ts';

describe('TRUST_PROXY', () => {
  it('reads false, true (one hop), a hop count, or addresses and CIDR ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('')).toBe(0);
    expect(parseTrustProxy('false')).toBe(0);
    expect(parseTrustProxy('0')).toBe(0);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.0.2.7,2001:db8::/32 ,::1')).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
      '::1',
    ]);
  });

  it.each([
    'yes',
    '11',
    '-1',
    '1.5',
    '10.0.0.0/33',
    '10.0.0.0/0',
    '2001:db8::/129',
    '10.0.0.0/8/1',
    '10.0.0.0/255.0.0.0',
    'proxy.example',
    '10.0.0.1,',
  ])('refuses %s with a clear message', (value) => {
    expect(parseTrustProxy(value)).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: value, DATA_DIR: '/tmp/livecam-env-test' })).toThrow(
      /TRUST_PROXY: must be false, true \(one proxy hop\), a hop count/,
    );
  });
});

describe('the client address behind proxies', () => {
  const attacker = '203.0.113.5';
  const victim = '198.51.100.7';

  it('believes only what trusted proxies appended, never what the client wrote on the left', () => {
    // The client wrote the victim's address itself; the load balancer appended the real one.
    expect(clientAddress('10.0.0.1', `${victim}, ${attacker}`, 1)).toBe(attacker);
    expect(clientAddress('10.0.0.1', `${victim}, ${attacker}`, ['10.0.0.0/8'])).toBe(attacker);
    // Two hops: a CDN in front of the load balancer.
    expect(clientAddress('10.0.0.1', `${victim}, ${attacker}, 192.0.2.1`, 2)).toBe(attacker);
    expect(clientAddress('10.0.0.1', `${victim}, ${attacker}, 192.0.2.1`, ['10.0.0.0/8', '192.0.2.0/24'])).toBe(
      attacker,
    );
  });

  it('ignores X-Forwarded-For from a caller that is no proxy of ours, and when nobody is trusted', () => {
    expect(clientAddress(attacker, victim, ['10.0.0.0/8'])).toBe(attacker);
    expect(clientAddress(attacker, victim, 0)).toBe(attacker);
    expect(clientAddress('10.0.0.1', victim, 0)).toBe('10.0.0.1');
  });

  it('takes the left-most entry when every hop is trusted, and the peer without a header', () => {
    expect(clientAddress('10.0.0.1', `${victim}, 10.0.0.2`, ['10.0.0.0/8'])).toBe(victim);
    expect(clientAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', ' , ', 1)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', [victim, attacker], 1)).toBe(attacker);
  });

  it('matches IPv4 proxies seen on a dual-stack socket, and IPv6 ranges', () => {
    expect(clientAddress('::ffff:10.0.0.1', victim, ['10.0.0.0/8'])).toBe(victim);
    expect(clientAddress('2001:db8::5', victim, ['2001:db8::/32'])).toBe(victim);
    expect(clientAddress('2001:db9::5', victim, ['2001:db8::/32'])).toBe('2001:db9::5');
  });

  const cases: Array<[TrustProxy, string, string | undefined]> = [
    [1, '10.0.0.1', `${victim}, ${attacker}`],
    [2, '10.0.0.1', `${victim}, ${attacker}, 192.0.2.1`],
    [3, '10.0.0.1', attacker],
    [['10.0.0.0/8'], '10.0.0.1', `${victim},${attacker}`],
    [['10.0.0.0/8'], '10.0.0.1', `${victim}, 10.0.0.9`],
    [['10.0.0.0/8'], attacker, victim],
    [['10.0.0.0/8', '::1'], '::1', `${victim}, 10.1.1.1, ${attacker}`],
    [['2001:db8::/32'], '2001:db8::1', `2001:db8::2, ${attacker}`],
    [1, '10.0.0.1', undefined],
  ];
  it.each(cases)('agrees with request.ip under %j from %s with %s', async (trust, peer, forwarded) => {
    const app = Fastify({ trustProxy: proxyTrust(trust) });
    app.get('/', async (request) => request.ip);
    const res = await app.inject({
      url: '/',
      remoteAddress: peer,
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    });
    expect(res.body).toBe(clientAddress(peer, forwarded, trust));
    await app.close();
  });
});

describe('addressKey', () => {
  it('keeps IPv4 and turns IPv4-mapped IPv6 into IPv4', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:c000:0207')).toBe('192.0.2.7');
    expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d%eth0',
      '2001:db8:1:2::192.0.2.1',
    ]) {
      expect(addressKey(address), address).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything that is no address as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
