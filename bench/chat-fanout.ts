/**
 * The fan-out part of bench/chat.ts: Socket.IO clients (socket.io-client over WebSocket, as the
 * SPA's upgraded connection) join one show's chat room on the app in its own process
 * (bench/chat-server.ts); a few of them send, one message every `intervalMs`, round robin, so no
 * sender passes SHOW_CHAT_RATE; every socket in the room (the senders too) times each message from
 * the moment it was sent to the moment its `chat:message` arrived. Senders and receivers live in
 * this process, so both times come from one clock.
 *
 * The server caps visitor sockets per address (server/realtime/socket-limits.ts, a constant, no
 * setting): the receivers connect from 127.0.0.2 upwards, VISITOR_SOCKETS_PER_ADDRESS on each, and
 * each sender from an address of its own in 127.0.1.0/24, since the flood rule counts a guest by
 * address. Linux routes all of 127.0.0.0/8 to the loopback interface.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { SHOW_CHAT_RATE } from '#common/constants.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '#common/realtime.ts';
import { SOCKET_PATH } from '#server/realtime/socket.ts';
import { VISITOR_SOCKETS_PER_ADDRESS } from '#server/realtime/socket-limits.ts';
import { corePercent, machineBusyPercent, sampleMachine, sampleProcess } from './live-procs.ts';

export type FanoutSettings = {
  /** Sockets in the room, the senders included. */
  sockets: number;
  senders: number;
  /** Measured messages, after `warmup` unmeasured ones. */
  messages: number;
  warmup: number;
  intervalMs: number;
};

export type FanoutResult = {
  settings: FanoutSettings & { rate: typeof SHOW_CHAT_RATE; receiverAddresses: number; senderAddresses: number };
  connectSeconds: number;
  receipts: number;
  expectedReceipts: number;
  refusedSends: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Per message: from its first receipt to its last, over the room. */
  spreadMs: { p50: number; max: number };
  /** Per message: until the last socket had it. */
  lastReceiptMs: { p50: number; max: number };
  /** Percent of one core (app, clients) and of the whole machine (every process, other work included). */
  cpu: { serverPercent: number; clientsPercent: number; machineBusyPercent: number };
};

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const round = (n: number) => Math.round(n * 100) / 100;
const at = (sorted: Float64Array | number[], p: number) =>
  round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where sending at this pace stays under the flood rule: each sender's gap with 10% to spare. */
export function senderGapOk(s: Pick<FanoutSettings, 'senders' | 'intervalMs'>) {
  return s.senders * s.intervalMs >= 1.1 * (SHOW_CHAT_RATE.windowMs / SHOW_CHAT_RATE.max);
}

async function connect(base: string, localAddress: string): Promise<ClientSocket> {
  // localAddress is passed on to the WebSocket (engine.io-client), not part of the typed options.
  const nodeOnly = { localAddress };
  const socket: ClientSocket = io(base, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 20_000,
    ...nodeOnly,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(new Error(`connect from ${localAddress}: ${err.message}`)));
  });
  return socket;
}

export async function measureFanout(
  base: string,
  universalId: string,
  serverPid: number,
  s: FanoutSettings,
  log: (msg: string) => void,
): Promise<FanoutResult> {
  const total = s.warmup + s.messages;
  const sentAt = new Float64Array(total).fill(Number.NaN);
  const first = new Float64Array(total).fill(Number.POSITIVE_INFINITY);
  const last = new Float64Array(total).fill(0);
  const received = new Uint32Array(total);
  const latencies: number[] = [];
  const onMessage = (text: string) => {
    const now = performance.now();
    const seq = Number(text.slice('bench '.length));
    const sent = sentAt[seq];
    if (!Number.isInteger(seq) || seq < 0 || seq >= total || sent === undefined) return;
    received[seq] = (received[seq] ?? 0) + 1;
    first[seq] = Math.min(first[seq] ?? now, now);
    last[seq] = Math.max(last[seq] ?? now, now);
    if (seq >= s.warmup) latencies.push(now - sent);
  };

  const receivers = s.sockets - s.senders;
  log(`connecting: ${receivers} receivers and ${s.senders} senders, joining the room of show ${universalId}`);
  const connectStart = performance.now();
  const sockets: ClientSocket[] = [];
  const closeAll = () => {
    for (const socket of sockets) socket.disconnect();
  };
  try {
    const addresses = [
      ...Array.from({ length: receivers }, (_, i) => `127.0.0.${2 + Math.floor(i / VISITOR_SOCKETS_PER_ADDRESS)}`),
      ...Array.from({ length: s.senders }, (_, i) => `127.0.1.${1 + i}`),
    ];
    // A hundred handshakes at a time: a page load's worth of clients arriving together, not all at once.
    for (let i = 0; i < addresses.length; i += 100) {
      const batch = await Promise.all(addresses.slice(i, i + 100).map((address) => connect(base, address)));
      for (const socket of batch) {
        socket.on('chat:message', (message) => onMessage(message.text));
        sockets.push(socket);
      }
      await Promise.all(
        batch.map(async (socket) => {
          const answer = await socket.timeout(20_000).emitWithAck('chat:join', { showId: universalId });
          if (!answer.ok) throw new Error(`chat:join refused: ${answer.error}`);
        }),
      );
    }
    const connectSeconds = round((performance.now() - connectStart) / 1000);
    const senders = sockets.slice(receivers);

    log(`sending: ${total} messages (${s.warmup} warm-up), one every ${s.intervalMs} ms over ${s.senders} senders`);
    let refusedSends = 0;
    const acks: Promise<void>[] = [];
    const serverBefore = sampleProcess(serverPid);
    const machineBefore = sampleMachine();
    const clientsBefore = { cpu: process.cpuUsage(), at: performance.now() };
    const start = performance.now();
    for (let seq = 0; seq < total; seq++) {
      const sender = senders[seq % senders.length];
      if (!sender) throw new Error('no sender');
      sentAt[seq] = performance.now();
      acks.push(
        sender
          .timeout(20_000)
          .emitWithAck('chat:send', { showId: universalId, text: `bench ${seq}` })
          .then((answer) => {
            if (!answer.ok) {
              refusedSends += 1;
              if (refusedSends <= 3) log(`  message ${seq} refused: ${answer.error}`);
            }
          }),
      );
      const wait = start + (seq + 1) * s.intervalMs - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(acks);
    // Stragglers: until every socket has every message, or 5 s.
    const until = performance.now() + 5_000;
    while (received.some((n) => n < s.sockets) && performance.now() < until) await sleep(20);
    const serverAfter = sampleProcess(serverPid);
    const machineAfter = sampleMachine();
    const clientsCpu = process.cpuUsage(clientsBefore.cpu);
    const clientsPercent =
      (100 * (clientsCpu.user + clientsCpu.system)) / 1000 / (performance.now() - clientsBefore.at);

    const sorted = Float64Array.from(latencies).sort();
    const measured = Array.from({ length: s.messages }, (_, i) => i + s.warmup);
    const spreads = measured.map((q) => (last[q] ?? 0) - (first[q] ?? 0)).sort((a, b) => a - b);
    const lasts = measured.map((q) => (last[q] ?? 0) - (sentAt[q] ?? 0)).sort((a, b) => a - b);
    return {
      settings: {
        ...s,
        rate: SHOW_CHAT_RATE,
        receiverAddresses: Math.ceil(receivers / VISITOR_SOCKETS_PER_ADDRESS),
        senderAddresses: s.senders,
      },
      connectSeconds,
      receipts: latencies.length,
      expectedReceipts: s.messages * s.sockets,
      refusedSends,
      latencyMs: { p50: at(sorted, 0.5), p95: at(sorted, 0.95), p99: at(sorted, 0.99), max: at(sorted, 1) },
      spreadMs: { p50: at(spreads, 0.5), max: at(spreads, 1) },
      lastReceiptMs: { p50: at(lasts, 0.5), max: at(lasts, 1) },
      cpu: {
        serverPercent: Math.round(corePercent(serverBefore, serverAfter)),
        clientsPercent: Math.round(clientsPercent),
        machineBusyPercent: Math.round(machineBusyPercent(machineBefore, machineAfter)),
      },
    };
  } finally {
    closeAll();
  }
}
