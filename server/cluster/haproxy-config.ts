/**
 * The HAProxy configuration `npm run start:cluster` writes (and docs/operations.md shows): one
 * address in front of the API processes. Pure, so its rules are tested without HAProxy.
 *
 * - Health: GET /api/health every second, every quarter second once one failed (`fastinter`);
 *   three failures take a process out, two answers put it back. A hung process answers nothing:
 *   each check gives up after `timeout check`, so it is out within 1 + 0.7 + 2 × 0.95 ≈ 3.6 s.
 *   /api/health answers 503 without the database and 200 without Redis (every process sees the
 *   same Redis outage).
 * - WebSockets: HAProxy passes the upgrade; `timeout tunnel` then governs the open socket, long
 *   enough for Socket.IO's pings (25 s) to keep it.
 * - Socket.IO's long-polling fallback sends each request of one connection separately: a cookie
 *   keeps them on the process that holds the connection (only under /api/socket/, so other
 *   requests still spread evenly).
 * - The client's address: `option forwardfor` appends it to X-Forwarded-For, which the processes
 *   believe from the balancer's address only (TRUST_PROXY).
 * - A lost process: a request whose connection failed was not sent, so any method goes to another
 *   process. A request sent to a process that then died, or that did not answer in time, is
 *   retried only when it is idempotent (GET, HEAD, OPTIONS): HAProxy's `retry-on` replays any
 *   method it is given, so `disable-l7-retry` keeps the others (a payment, a chat start) from
 *   being posted twice; they get 502/503.
 */

export type HaproxyServer = { name: string; host: string; port: number };

export type HaproxyOptions = {
  /** Where clients connect. */
  bind: { host: string; port: number };
  servers: readonly HaproxyServer[];
};

export const HEALTH_PATH = '/api/health';
export const SOCKET_PREFIX = '/api/socket/';
/** The cookie that keeps a long-polling Socket.IO connection on one process. */
export const STICKY_COOKIE = 'lb';

const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function address(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** The configuration text; throws on a server name HAProxy would not take or a duplicate. */
export function haproxyConfig(opts: HaproxyOptions): string {
  if (opts.servers.length === 0) throw new Error('haproxyConfig: at least one server');
  const names = new Set<string>();
  for (const s of opts.servers) {
    if (!SERVER_NAME.test(s.name)) throw new Error(`haproxyConfig: server name ${JSON.stringify(s.name)}`);
    if (names.has(s.name)) throw new Error(`haproxyConfig: server name ${s.name} twice`);
    names.add(s.name);
    if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65_535) throw new Error(`haproxyConfig: port ${s.port}`);
  }
  const lines = [
    'defaults',
    '  mode http',
    '  option dontlognull',
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout check 700ms',
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    '',
    'frontend web',
    `  bind ${address(opts.bind.host, opts.bind.port)}`,
    `  use_backend sockets if { path_beg ${SOCKET_PREFIX} }`,
    '  default_backend api',
    '',
    'backend api',
    '  balance roundrobin',
    '  http-request disable-l7-retry unless { method GET HEAD OPTIONS }',
    '  option httpchk',
    `  http-check send meth GET uri ${HEALTH_PATH}`,
    '  http-check expect status 200',
    '  default-server inter 1s fastinter 250ms fall 3 rise 2',
    ...opts.servers.map((s) => `  server ${s.name} ${address(s.host, s.port)} check`),
    '',
    'backend sockets',
    '  balance roundrobin',
    '  http-request disable-l7-retry unless { method GET HEAD OPTIONS }',
    `  cookie ${STICKY_COOKIE} insert indirect nocache httponly`,
    ...opts.servers.map((s) => `  server ${s.name} ${address(s.host, s.port)} track api/${s.name} cookie ${s.name}`),
    '',
  ];
  return lines.join('\n');
}
