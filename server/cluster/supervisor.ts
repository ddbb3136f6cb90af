import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startJanus } from '../live/janus/janus-process.ts';
import { haproxyConfig } from './haproxy-config.ts';
import { type ClusterPlan, type JanusSecrets, janusLine, nextRestartDelay, processLine } from './plan.ts';

/** How long children get to finish their requests after SIGTERM before they are killed. */
const STOP_GRACE_MS = 20_000;
/** How long a Janus instance may take to answer after its start (two busy cores: seconds). */
const JANUS_READY_MS = 30_000;

/** A started child as the supervisor sees it, whether spawned here or by startJanus. */
type Child = {
  pid: number;
  /** Resolves when it has ended, with how ("SIGKILL", "exit 1"). */
  ended: Promise<string>;
  /** Asks it to stop (the signal for processes; Janus stops itself its own way). */
  stop(signal: NodeJS.Signals): void;
  kill(): void;
};

type Supervised = {
  label: string;
  start: () => Promise<Child>;
  /** Called with every new child (the printed line). */
  started?: (child: Child) => void;
  child: Child | null;
  since: number;
  delay: number | null;
  timer: NodeJS.Timeout | null;
};

function spawned(child: ChildProcess, log: (line: string) => void, label: string): Promise<Child> {
  child.once('error', (err) => log(`${label}: ${err.message}`));
  return Promise.resolve({
    pid: child.pid ?? 0,
    ended: new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`))),
    stop: (signal) => child.kill(signal),
    kill: () => child.kill('SIGKILL'),
  });
}

/**
 * Runs the plan: HAProxy, the API processes and the Janus instances (when the plan has them) as
 * children of this process. A child that stops is started again after a back-off (plan.ts),
 * printing its new line; SIGINT and SIGTERM go to every child, and this process exits once they
 * all have.
 */
export function superviseCluster(opts: {
  plan: ClusterPlan;
  root: string;
  /** Where the generated haproxy.cfg is written, and each Janus instance's folder (its config, its log). */
  configDir: string;
  env: NodeJS.ProcessEnv;
  /** What the Janus instances are started with (the same the processes were given in the plan). */
  janusSecrets?: JanusSecrets;
  haproxy?: string;
  log?: (line: string) => void;
}) {
  const log = opts.log ?? ((line: string) => console.log(line));
  const { plan, root } = opts;
  const configFile = path.join(opts.configDir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    haproxyConfig({
      bind: { host: plan.host, port: plan.port },
      servers: plan.processes.map((p) => ({ name: p.name, host: '127.0.0.1', port: p.port })),
    }),
  );
  let stopping = false;
  const units: Supervised[] = [];

  const again = (unit: Supervised, how: string) => {
    unit.child = null;
    if (stopping) return;
    unit.delay = nextRestartDelay(unit.delay, Date.now() - unit.since);
    log(`${unit.label} stopped (${how}); starting it again in ${unit.delay / 1000} s`);
    unit.timer = setTimeout(() => void run(unit), unit.delay);
  };

  const run = async (unit: Supervised) => {
    unit.timer = null;
    if (stopping) return;
    unit.since = Date.now();
    let child: Child;
    try {
      child = await unit.start();
    } catch (err) {
      // A start that fails (Janus not answering, its port taken) counts as a quick stop.
      log(`${unit.label}: ${err instanceof Error ? err.message : String(err)}`);
      return again(unit, 'did not start');
    }
    // Stopped while it was starting: it goes too.
    if (stopping) return child.stop('SIGTERM');
    unit.child = child;
    if (child.pid) unit.started?.(child);
    void child.ended.then((how) => again(unit, how));
  };

  // HAProxy in the foreground (-db) so it is this process's child, its notices on our output.
  units.push({
    label: 'haproxy',
    start: () =>
      spawned(spawn(opts.haproxy ?? 'haproxy', ['-db', '-f', configFile], { stdio: 'inherit' }), log, 'haproxy'),
    started: (child) =>
      log(
        `haproxy http://${plan.host}:${plan.port} pid ${child.pid} in front of ${plan.processes.length} API processes`,
      ),
    child: null,
    since: 0,
    delay: null,
    timer: null,
  });
  for (const p of plan.processes) {
    units.push({
      label: `api ${p.name}`,
      start: () =>
        spawned(
          spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
            cwd: root,
            env: { ...opts.env, ...p.env },
            stdio: 'inherit',
          }),
          log,
          `api ${p.name}`,
        ),
      started: (child) => log(processLine(p.name, p.port, child.pid)),
      child: null,
      since: 0,
      delay: null,
      timer: null,
    });
  }
  const secrets = opts.janusSecrets;
  if (plan.janus.length && !secrets) throw new Error('the Janus instances need their secrets');
  for (const j of plan.janus) {
    units.push({
      label: `janus ${j.name}`,
      start: async () => {
        const janus = await startJanus(
          {
            name: j.name,
            // Its configuration (with the secrets, readable by this user only) and janus.log.
            dir: path.join(opts.configDir, j.name),
            apiHost: '127.0.0.1',
            apiPort: j.apiPort,
            adminPort: j.adminPort,
            apiSecret: secrets?.apiSecret ?? '',
            adminSecret: secrets?.adminSecret ?? '',
            rtpPorts: j.rtpPorts,
            // Every interface: Janus offers no loopback candidates, browsers reach it on the machine's addresses.
            iceInterfaces: [],
          },
          JANUS_READY_MS,
        );
        return {
          pid: janus.pid,
          ended: janus.exited.then((how) => (typeof how === 'string' ? how : `exit ${how}`)),
          stop: () => void janus.stop(),
          kill: () => {
            try {
              process.kill(janus.pid, 'SIGKILL');
            } catch {
              // Gone already.
            }
          },
        };
      },
      started: (child) => log(janusLine(j.name, j.apiPort, child.pid)),
      child: null,
      since: 0,
      delay: null,
      timer: null,
    });
  }
  for (const unit of units) void run(unit);

  const stop = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      stopping = true;
      for (const unit of units) if (unit.timer) clearTimeout(unit.timer);
      const running = units.map((u) => u.child).filter((c): c is Child => c !== null);
      if (running.length === 0) return resolve();
      const ended = new Set<Child>();
      const force = setTimeout(() => {
        for (const child of running) if (!ended.has(child)) child.kill();
      }, STOP_GRACE_MS);
      for (const child of running) {
        void child.ended.then(() => {
          ended.add(child);
          if (ended.size === running.length) {
            clearTimeout(force);
            resolve();
          }
        });
        child.stop(signal);
      }
    });

  return { stop, configFile };
}
