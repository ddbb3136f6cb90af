/**
 * Janus instances for live video (decision 052) in the foreground, configured as the API server
 * expects them (janus-config.ts), their secrets read from the environment, never from the command
 * line, where every user of the machine could read them:
 *
 *   JANUS_API_SECRET=… JANUS_ADMIN_SECRET=… npm run janus -- --count 2 --port 8188 \
 *     --rtp-ports 20000-20999 --dir /var/lib/livecam-janus
 *
 * Instance i answers its Janus API on port + 2(i-1) and its Admin API on the port after, with an
 * equal share of the RTP range (instance-layout.ts); each keeps its configuration and janus.log in
 * <dir>/janus-i. Prints the instances and the JANUS_URLS and JANUS_ADMIN_URLS lines for the API
 * server, then runs until SIGTERM or SIGINT, when it stops its own instances (the browser journeys
 * start it this way, playwright.config.ts). An instance that exits by itself is started again
 * (after 1 s, doubling to 30 s while it keeps failing), as the cluster does its own; its pid is in
 * <dir>/janus-i/janus.pid while it runs.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { nextRestartDelay } from '#server/cluster/plan.ts';
import { janusInstanceLayout } from '#server/live/janus/instance-layout.ts';
import { janusInstalled, type RunningJanus, startJanus } from '#server/live/janus/janus-process.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8188' },
    'rtp-ports': { type: 'string', default: '20000-20999' },
    // Interfaces or addresses ICE gathers on (comma-separated); none: every interface.
    'ice-interfaces': { type: 'string', default: '' },
    'public-address': { type: 'string' },
    dir: { type: 'string', default: '/var/lib/livecam-janus' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const apiSecret = process.env.JANUS_API_SECRET ?? '';
const adminSecret = process.env.JANUS_ADMIN_SECRET ?? '';
if (apiSecret.length < 24 || adminSecret.length < 24)
  fail('JANUS_API_SECRET and JANUS_ADMIN_SECRET must be set in the environment, 24 characters or more.');
if (!janusInstalled()) fail('Janus is not installed (scripts/ensure-media-servers.sh installs it).');

const [low, high] = (values['rtp-ports'] ?? '').split('-').map(Number);
let layout: ReturnType<typeof janusInstanceLayout> = [];
try {
  layout = janusInstanceLayout({
    count: Number(values.count),
    host: values.host ?? '127.0.0.1',
    port: Number(values.port),
    rtpPorts: [low ?? Number.NaN, high ?? Number.NaN],
  });
} catch (error) {
  fail(`janus: ${(error as Error).message}`);
}
const iceInterfaces = (values['ice-interfaces'] ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s !== '');
const dirs = layout.map((instance) => path.resolve(values.dir ?? '', instance.name));

const running = new Map<number, RunningJanus>();
let stopping = false;
/** Stops what this script started (and only that), removes the configurations holding the secrets. */
async function stopAll(code: number): Promise<never> {
  stopping = true;
  await Promise.all([...running.values()].map((janus) => janus.stop()));
  for (const dir of dirs) {
    const files = existsSync(dir) ? readdirSync(dir) : [];
    for (const file of files.filter((f) => f.endsWith('.jcfg') || f === 'janus.pid')) {
      rmSync(path.join(dir, file), { force: true });
    }
  }
  process.exit(code);
}
process.once('SIGTERM', () => void stopAll(0));
process.once('SIGINT', () => void stopAll(0));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts instance i, and again each time it exits by itself. */
async function run(i: number, instance: (typeof layout)[number], previousDelay: number | null = null): Promise<void> {
  const dir = dirs[i] ?? '';
  const janus = await startJanus({
    name: instance.name,
    dir,
    apiHost: values.host ?? '127.0.0.1',
    apiPort: instance.apiPort,
    adminPort: instance.adminPort,
    apiSecret,
    adminSecret,
    rtpPorts: instance.rtpPorts,
    iceInterfaces,
    publicAddress: values['public-address'],
  });
  const startedAt = Date.now();
  running.set(i, janus);
  writeFileSync(path.join(dir, 'janus.pid'), `${janus.pid}\n`);
  console.info(
    `${instance.name} (pid ${janus.pid}) answers on ${instance.url}, admin ${instance.adminUrl}, RTP ${instance.rtpPorts.join('-')}`,
  );
  void janus.exited.then(async (code) => {
    if (stopping) return;
    const delay = nextRestartDelay(previousDelay, Date.now() - startedAt);
    console.error(
      `${instance.name} exited by itself (${code}): starting it again in ${delay / 1000} s; see ${dir}/janus.log`,
    );
    await restart(i, instance, delay);
  });
}

/** Starts it again after `delay`; a start that fails counts as one more quick exit. */
async function restart(i: number, instance: (typeof layout)[number], delay: number): Promise<void> {
  await sleep(delay);
  if (stopping) return;
  await run(i, instance, delay).catch((error: unknown) => {
    const next = nextRestartDelay(delay, 0);
    console.error(`janus: ${(error as Error).message}; trying again in ${next / 1000} s`);
    return restart(i, instance, next);
  });
}

try {
  for (const [i, instance] of layout.entries()) await run(i, instance);
} catch (error) {
  console.error(`janus: ${(error as Error).message}`);
  await stopAll(1);
}
console.info(`JANUS_URLS=${layout.map((i) => i.url).join(',')}`);
console.info(`JANUS_ADMIN_URLS=${layout.map((i) => i.adminUrl).join(',')}`);
