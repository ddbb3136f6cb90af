import { describe, expect, it } from 'vitest';
import {
  CandidateGate,
  candidateAddress,
  candidateAllowed,
  classifyAddress,
  MAX_REMOTE_CANDIDATES,
  type NetworkClass,
  peerNetworks,
  withAdmittedCandidates,
} from './candidate-policy.ts';

const line = (address: string, port = 50_000) => `candidate:1 1 udp 2130706431 ${address} ${port} typ host`;

describe('the address classifier', () => {
  it('knows the IPv4 special ranges and calls the rest public', () => {
    const cases: [string, NetworkClass][] = [
      ['8.8.8.8', 'public'],
      ['81.2.69.160', 'public'],
      ['172.15.255.255', 'public'],
      ['172.32.0.1', 'public'],
      ['100.63.255.255', 'public'],
      ['100.128.0.1', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.254', 'private'],
      ['192.168.178.20', 'private'],
      ['169.254.169.254', 'link-local'],
      ['100.64.0.1', 'shared'],
      ['100.127.255.254', 'shared'],
      ['224.0.0.251', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['255.255.255.255', 'reserved'],
      ['240.0.0.1', 'reserved'],
      ['192.0.2.10', 'reserved'],
      ['198.51.100.7', 'reserved'],
      ['203.0.113.10', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['192.0.0.8', 'reserved'],
    ];
    for (const [address, kind] of cases) expect(classifyAddress(address), address).toBe(kind);
  });

  it('knows the IPv6 special ranges, and IPv4 inside IPv6 by its IPv4 address', () => {
    const cases: [string, NetworkClass][] = [
      ['2a00:1450:4001:82b::200e', 'public'],
      ['2001:4860:4860::8888', 'public'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['fd12:3456:789a::1', 'private'],
      ['fc00::1', 'private'],
      ['fec0::1', 'private'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['FEBF::1', 'link-local'],
      ['ff02::fb', 'multicast'],
      ['2001:db8::1', 'reserved'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:10.1.2.3', 'private'],
      ['::ffff:8.8.8.8', 'public'],
      ['64:ff9b::192.168.0.1', 'private'],
      ['64:ff9b::8.8.4.4', 'public'],
      ['2002:c0a8:0101::1', 'private'],
      ['::127.0.0.1', 'reserved'],
      ['4000::1', 'reserved'],
    ];
    for (const [address, kind] of cases) expect(classifyAddress(address), address).toBe(kind);
  });

  it('names mDNS names as such and everything else malformed', () => {
    expect(classifyAddress('6b8f3c1e-4a2d-4a4b-9c55-0b0f2d6c7e21.local')).toBe('mdns');
    for (const bad of ['', 'localhost', 'example.com', 'evil.local.example.com', '1.2.3', '256.1.1.1', '1.2.3.4.5']) {
      expect(classifyAddress(bad), bad).toBe('invalid');
    }
    for (const bad of ['01.2.3.4', '::ffff::1', 'fe80::1::2', '12345::1', '1.2.3.4/8', ' ']) {
      expect(classifyAddress(bad), bad).toBe('invalid');
    }
  });
});

describe('the candidate rule', () => {
  it('reads the address of a candidate line, with or without a=', () => {
    expect(candidateAddress(line('8.8.8.8'))).toBe('8.8.8.8');
    expect(candidateAddress(`a=${line('fe80::1')}`)).toBe('fe80::1');
    expect(candidateAddress('candidate:1 1 udp 1 8.8.8.8')).toBeNull();
    expect(candidateAddress('a=mid:0')).toBeNull();
  });

  it('admits public addresses always, others only when their network is admitted', () => {
    const none = new Set<never>();
    expect(candidateAllowed(line('8.8.8.8'), none)).toBe(true);
    expect(candidateAllowed(line('2001:4860:4860::8888'), none)).toBe(true);
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '169.254.169.254', '100.64.1.1', 'a.local', '224.0.0.1']) {
      expect(candidateAllowed(line(address), none), address).toBe(false);
    }
    expect(candidateAllowed(line('127.0.0.1'), new Set(['loopback'] as const))).toBe(true);
    expect(candidateAllowed(line('::ffff:192.168.1.2'), new Set(['private'] as const))).toBe(true);
    expect(candidateAllowed(line('a.local'), new Set(['mdns'] as const))).toBe(true);
    // Never, whatever is admitted: multicast, reserved, unspecified, names, malformed lines.
    const all = new Set(['loopback', 'private', 'link-local', 'shared', 'mdns'] as const);
    for (const address of ['224.0.0.1', 'ff02::1', '0.0.0.0', '::', '192.0.2.1', 'example.com']) {
      expect(candidateAllowed(line(address), all), address).toBe(false);
    }
    expect(candidateAllowed('candidate:garbage', all)).toBe(false);
  });

  it('admits by default the networks the server offers its own candidates on', () => {
    const loopbackOnly = { lan: false, addresses: ['127.0.0.1'] };
    expect([...peerNetworks('auto', loopbackOnly, ['192.168.1.5'])]).toEqual(['loopback', 'mdns']);
    expect([...peerNetworks('auto', { lan: true, addresses: ['127.0.0.1'] }, ['192.168.1.5', 'fe80::1'])]).toEqual([
      'loopback',
      'private',
      'mdns',
    ]);
    expect([...peerNetworks('auto', { lan: false, addresses: ['fe80::1'] }, [])]).toEqual(['link-local']);
    expect([...peerNetworks('auto', { lan: false, addresses: ['10.0.0.4'] }, [])]).toEqual(['private', 'mdns']);
    // A server on its public address admits only the internet.
    expect([...peerNetworks('auto', { lan: false, addresses: ['81.2.69.160'] }, ['10.0.0.4'])]).toEqual([]);
    expect([...peerNetworks('auto', { lan: true, addresses: [] }, ['81.2.69.160'])]).toEqual([]);
    // A list is taken as it is.
    expect([...peerNetworks([], loopbackOnly, [])]).toEqual([]);
    expect([...peerNetworks(['shared'], loopbackOnly, [])]).toEqual(['shared']);
  });
});

describe('the gate of a session', () => {
  const sdp = [
    'v=0',
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    'a=mid:0',
    `a=${line('8.8.8.8')}`,
    `a=${line('192.168.1.2')}`,
    `a=${line('fe80::1')}`,
    `a=${line('a1b2.local')}`,
    `a=${line('::1')}`,
    'a=end-of-candidates',
    '',
  ].join('\r\n');

  it('strips the refused candidate lines from an SDP and keeps every other line', () => {
    const gate = new CandidateGate(new Set(['loopback'] as const));
    const kept = gate.sdp({}, sdp);
    expect(kept).toBe(
      ['v=0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:0', `a=${line('8.8.8.8')}`, `a=${line('::1')}`]
        .concat(['a=end-of-candidates', ''])
        .join('\r\n'),
    );
    expect(withAdmittedCandidates('v=0\nm=audio 9 x\n', () => false)).toBe('v=0\nm=audio 9 x\n');
  });

  it(`takes at most ${MAX_REMOTE_CANDIDATES} candidates per peer, SDP and trickled together`, () => {
    const gate = new CandidateGate(new Set());
    const peer = {};
    expect(gate.sdp(peer, sdp)).toContain('8.8.8.8');
    const trickled = Array.from({ length: 30 }, (_, i) => gate.admit(peer, line('8.8.8.8', 1000 + i)));
    expect(trickled.filter(Boolean)).toHaveLength(MAX_REMOTE_CANDIDATES - 1);
    // Another peer has its own count.
    expect(gate.admit({}, line('8.8.8.8'))).toBe(true);
  });
});
