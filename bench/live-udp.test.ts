import { parseSocketTable, parseUdpCounters } from './live-udp.ts';

describe('UDP drop counters read from /proc', () => {
  it('reads RcvbufErrors and InErrors from the Udp lines of /proc/net/snmp, not UdpLite', () => {
    const snmp = [
      'Ip: Forwarding DefaultTTL',
      'Ip: 1 64',
      'Udp: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors',
      'Udp: 751 1 12 753 9 0 0 0 0',
      'UdpLite: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors',
      'UdpLite: 5 0 7 0 7 0 0 0 0',
    ].join('\n');
    expect(parseUdpCounters(snmp)).toEqual({ rcvbufErrors: 9, inErrors: 12, inDatagrams: 751, noPorts: 1 });
  });

  it('reads the name-value lines of /proc/net/snmp6', () => {
    const snmp6 =
      'Udp6InDatagrams                 \t40\nUdp6InErrors                    \t3\nUdp6RcvbufErrors                \t2\nUdpLite6InErrors 8\n';
    expect(parseUdpCounters(snmp6)).toEqual({ rcvbufErrors: 2, inErrors: 3, inDatagrams: 40, noPorts: 0 });
  });

  it("takes each socket's inode and its drops (the last column) from /proc/net/udp", () => {
    const table = [
      '   sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops            ',
      '  283: 0100007F:9C2F 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 48213 2 00000000c0ffee00 0        ',
      '  611: 0300007F:D3A1 00000000:0000 07 00000000:00034000 00:00000000 00000000     0        0 48377 2 00000000c0ffee01 218      ',
      '',
    ].join('\n');
    expect(parseSocketTable(table)).toEqual([
      [48213, 0],
      [48377, 218],
    ]);
  });
});
