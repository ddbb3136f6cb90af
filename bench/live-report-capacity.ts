import type { CapacityResult, CapacityStep } from './live-capacity.ts';

/** The relay-capacity steps of one engine as a Markdown table (the API's CPU only when it is not the SFU). */
export function renderCapacityTable(c: CapacityResult): string[] {
  const apart = c.steps.some((s) => s.apiCorePercent !== null);
  const heap = c.baseline.sfuHeapMiB !== null;
  const columns: Array<[string, (s: CapacityStep) => string | number]> = [
    ['viewers', (s) => s.viewers],
    ['SFU CPU (% of a core)', (s) => s.sfuCorePercent],
    ...(apart
      ? [
          ['API CPU (signalling)', (s: CapacityStep) => s.apiCorePercent ?? ''] as [
            string,
            (s: CapacityStep) => string | number,
          ],
        ]
      : []),
    [
      "viewers' CPU (processes, busiest)",
      (s) => `${s.viewersCorePercent} (${s.viewersProcesses}, ${s.viewersBusiestProcessPercent})`,
    ],
    ['machine busy (all cores)', (s) => `${s.machineBusyPercent} %`],
    ['app event loop delay p99 / max ms', (s) => `${s.appLoopDelayMs.p99} / ${s.appLoopDelayMs.max}`],
    ['SFU RSS MiB', (s) => s.sfuRssMiB],
    ...(heap
      ? [
          ['app heap + buffers MiB', (s: CapacityStep) => s.sfuHeapMiB ?? ''] as [
            string,
            (s: CapacityStep) => string | number,
          ],
        ]
      : []),
    ['loss %', (s) => s.lossPercent],
    [
      'UDP receive drops SFU / viewers / machine',
      (s) => `${s.udpReceiveDrops.sfu} / ${s.udpReceiveDrops.viewers} / ${s.udpReceiveDrops.machine}`,
    ],
    ['UDP to closed ports', (s) => s.udpToClosedPorts],
    ['publisher packets/s sent', (s) => s.publisherPacketsPerSecond],
    ['packets/s received', (s) => s.packetsPerSecondOut],
    ['with a picture', (s) => `${s.withPicture}/${s.viewers}`],
    ['not connected', (s) => s.notConnected],
    [
      'chat ended',
      (s) =>
        Object.entries(s.chatEnded)
          .map(([why, n]) => `${n} ${why}`)
          .join(', ') || 0,
    ],
    ['failed joins', (s) => s.failedJoins],
  ];
  const baseline: Record<string, string | number> = {
    viewers: '0 (publisher only)',
    'SFU CPU (% of a core)': c.baseline.sfuCorePercent,
    'SFU RSS MiB': c.baseline.sfuRssMiB,
    'app heap + buffers MiB': c.baseline.sfuHeapMiB ?? '',
  };
  return [
    `| ${columns.map(([name]) => name).join(' | ')} |`,
    `|${columns.map(() => '---:|').join('')}`,
    `| ${columns.map(([name]) => baseline[name] ?? '').join(' | ')} |`,
    ...c.steps.map((s) => `| ${columns.map(([, cell]) => cell(s)).join(' | ')} |`),
  ];
}

/**
 * Where a step's loss came from, read from the kernel's counters: datagrams dropped on the SFU's
 * sockets (its event loop did not read them in time; a publisher packet dropped there is lost for
 * every viewer), on the viewers' (the bench's receivers fell behind), or neither (lost or never
 * sent, e.g. a connection that failed). Null when nothing was lost.
 */
export function lossCause(s: CapacityStep): string | null {
  if (s.lossPercent <= 0) return null;
  const { sfu, viewers } = s.udpReceiveDrops;
  const parts = [
    ...(sfu > 0
      ? [`${sfu} datagrams dropped on the SFU's full sockets (event loop delay p99 ${s.appLoopDelayMs.p99} ms)`]
      : []),
    ...(viewers > 0
      ? [
          `${viewers} dropped on the viewers' full sockets (busiest viewers' process ${s.viewersBusiestProcessPercent} % of a core)`,
        ]
      : []),
  ];
  return parts.length > 0
    ? `${s.lossPercent} % loss at ${s.viewers} viewers: ${parts.join('; ')}`
    : `${s.lossPercent} % loss at ${s.viewers} viewers with no socket overflowing: lost on the way or never sent (${s.notConnected} viewers not connected)`;
}

/** How the relay capacity is measured and read, for the report's method section. */
export const CAPACITY_METHOD = (cpus: number, busy: boolean) =>
  `**Relay capacity.** Headless werift viewers join in steps (4 at a time per viewers' process, each with her own session, visitor id and free chat session kept by a heartbeat every 10 s as the show page keeps it), spread over processes of at most --viewers-per-process viewers so that no single event loop has to receive them all; at each step, after 2 s to settle, the CPU time and RSS of the SFU's process are read from /proc over the window (100 % = one core), the viewers count packets received against the sequence numbers sent (loss; each viewer decrypts until her first whole keyframe, then counts the sequence numbers SRTP leaves in the clear, so that decrypting in JavaScript does not make the measuring viewers the limit), and the kernel's UDP counters say where datagrams were thrown away because a socket's receive buffer was full: on the SFU's sockets, on the viewers' (the drops column of /proc/net/udp for the sockets each process holds) and on the whole machine (RcvbufErrors of /proc/net/snmp, other work included). Viewers per core: where the SFU's CPU crosses 100 % of a core, interpolated between the two steps around it, or extrapolated along the least-squares line through the steps where every viewer was served. On ${cpus} cores the viewers' processes compete with the SFU for CPU${busy ? ' (and all of them with the other work on the machine)' : ''}: loss that comes with drops on the viewers' sockets is the bench's, not the SFU's. When the whole machine is busy, the app's event loop falls behind (the delay column): ICE consent checks and handshakes wait in it, joins time out. Memory per viewer is the least-squares slope over the steps: of RSS (which also holds freed memory not returned), and for werift of the JS heap and buffers right after a full collection (the app runs with --expose-gc; the collection happens outside the CPU windows).`;
