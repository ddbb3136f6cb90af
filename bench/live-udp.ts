import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Where UDP datagrams were thrown away, read from /proc: the kernel drops a datagram when its
 * socket's receive buffer is full (the process did not read fast enough), and counts it twice:
 * machine-wide (/proc/net/snmp, Udp RcvbufErrors and InErrors) and on the socket itself (the
 * `drops` column of /proc/net/udp). Matching the sockets' inodes with a process's open files
 * tells whose sockets overflowed: the SFU's (it fell behind reading the publisher and the
 * viewers' feedback) or the viewers' (the bench's own receivers fell behind).
 */

export type UdpCounters = {
  rcvbufErrors: number;
  inErrors: number;
  inDatagrams: number;
  /** Datagrams that came to a port no socket listens on any more (a closed peer's socket). */
  noPorts: number;
};

/** The machine's UDP counters (IPv4 and IPv6 together). */
export function udpCounters(): UdpCounters {
  const total: UdpCounters = { rcvbufErrors: 0, inErrors: 0, inDatagrams: 0, noPorts: 0 };
  for (const file of ['/proc/net/snmp', '/proc/net/snmp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const pick = parseUdpCounters(text);
    total.rcvbufErrors += pick.rcvbufErrors;
    total.inErrors += pick.inErrors;
    total.inDatagrams += pick.inDatagrams;
    total.noPorts += pick.noPorts;
  }
  return total;
}

/** Udp counters of /proc/net/snmp (a header line and a value line) or /proc/net/snmp6 (name value). */
export function parseUdpCounters(text: string): UdpCounters {
  const lines = text.split('\n');
  const values = new Map<string, number>();
  const header = lines.findIndex((l) => l.startsWith('Udp: '));
  if (header >= 0) {
    const names = (lines[header] ?? '').trim().split(/\s+/).slice(1);
    const numbers = (lines[header + 1] ?? '').trim().split(/\s+/).slice(1).map(Number);
    for (const [i, name] of names.entries()) values.set(name, numbers[i] ?? 0);
  }
  for (const line of lines) {
    const m = /^Udp6(\w+)\s+(\d+)/.exec(line);
    if (m) values.set(m[1] as string, Number(m[2]));
  }
  return {
    rcvbufErrors: values.get('RcvbufErrors') ?? 0,
    inErrors: values.get('InErrors') ?? 0,
    inDatagrams: values.get('InDatagrams') ?? 0,
    noPorts: values.get('NoPorts') ?? 0,
  };
}

/** Socket inode -> datagrams dropped on it, from /proc/net/udp and udp6 (all of this network namespace). */
export function socketDrops(): Map<number, number> {
  const drops = new Map<number, number>();
  for (const file of ['/proc/net/udp', '/proc/net/udp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const [inode, dropped] of parseSocketTable(text)) drops.set(inode, dropped);
  }
  return drops;
}

/** Rows of /proc/net/udp: the inode is the 10th field, the drops the last. */
export function parseSocketTable(text: string): Array<[number, number]> {
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 13)
    .map((fields): [number, number] => [Number(fields[9]), Number(fields.at(-1))]);
}

/** Inodes of the sockets a process holds open (its fds that link to socket:[inode]). */
export function processSockets(pid: number): number[] {
  const inodes: number[] = [];
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.push(Number(m[1]));
    } catch {
      // Closed between the listing and the read.
    }
  }
  return inodes;
}

/** Datagrams dropped so far on the UDP sockets the processes hold open, and how many sockets that is. */
export function processUdpDrops(pids: number[]): { drops: number; sockets: number } {
  const table = socketDrops();
  let drops = 0;
  let sockets = 0;
  for (const pid of pids) {
    for (const inode of processSockets(pid)) {
      const dropped = table.get(inode);
      if (dropped === undefined) continue;
      drops += dropped;
      sockets += 1;
    }
  }
  return { drops, sockets };
}
