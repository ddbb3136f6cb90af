import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { haproxyConfig } from './haproxy-config.ts';
import { type ClusterPlan, nextRestartDelay, processLine } from './plan.ts';

/** How long children get to finish their requests after SIGTERM before they are killed. */
const STOP_GRACE_MS = 20_000;

type Supervised = {
  label: string;
  start: () => ChildProcess;
  /** Called with every new child (the printed line). */
  started?: (child: ChildProcess) => void;
  child: ChildProcess | null;
  since: number;
  delay: number | null;
  timer: NodeJS.Timeout | null;
};

/**
 * Runs the plan: HAProxy and the API processes as children of this process. A child that stops
 * is started again after a back-off (plan.ts), printing its new line; SIGINT and SIGTERM go to
 * every child, and this process exits once they all have.
 */
export function superviseCluster(opts: {
  plan: ClusterPlan;
  root: string;
  /** Where the generated haproxy.cfg is written. */
  configDir: string;
  env: NodeJS.ProcessEnv;
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

  const run = (unit: Supervised) => {
    unit.timer = null;
    if (stopping) return;
    const child = unit.start();
    unit.child = child;
    unit.since = Date.now();
    if (child.pid !== undefined) unit.started?.(child);
    child.once('error', (err) => log(`${unit.label}: ${err.message}`));
    child.once('exit', (code, signal) => {
      unit.child = null;
      if (stopping) return;
      unit.delay = nextRestartDelay(unit.delay, Date.now() - unit.since);
      log(`${unit.label} stopped (${signal ?? `exit ${code}`}); starting it again in ${unit.delay / 1000} s`);
      unit.timer = setTimeout(() => run(unit), unit.delay);
    });
  };

  // HAProxy in the foreground (-db) so it is this process's child, its notices on our output.
  units.push({
    label: 'haproxy',
    start: () => spawn(opts.haproxy ?? 'haproxy', ['-db', '-f', configFile], { stdio: 'inherit' }),
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
        spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
          cwd: root,
          env: { ...opts.env, ...p.env },
          stdio: 'inherit',
        }),
      started: (child) => log(processLine(p.name, p.port, child.pid ?? 0)),
      child: null,
      since: 0,
      delay: null,
      timer: null,
    });
  }
  for (const unit of units) run(unit);

  const stop = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      stopping = true;
      for (const unit of units) if (unit.timer) clearTimeout(unit.timer);
      const running = units.map((u) => u.child).filter((c): c is ChildProcess => c !== null && c.exitCode === null);
      if (running.length === 0) return resolve();
      let left = running.length;
      const force = setTimeout(() => {
        for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
      }, STOP_GRACE_MS);
      for (const child of running) {
        child.once('exit', () => {
          left -= 1;
          if (left === 0) {
            clearTimeout(force);
            resolve();
          }
        });
        child.kill(signal);
      }
    });

  return { stop, configFile };
}
