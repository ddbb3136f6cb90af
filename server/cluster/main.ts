import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../env.ts';
import { ClusterPlanError, clusterPlan, missingServices } from './plan.ts';
import { superviseCluster } from './supervisor.ts';

/**
 * `npm run start:cluster`: HAProxy on PORT in front of API_PROCESSES API processes on one
 * PostgreSQL and one Redis (plan.ts, haproxy-config.ts, docs/operations.md).
 */
const root = path.resolve(import.meta.dirname, '../..');

const missing = missingServices(process.env);
if (missing) {
  console.error(missing);
  process.exit(1);
}
let plan: ReturnType<typeof clusterPlan>;
let config: ReturnType<typeof loadConfig>;
try {
  plan = clusterPlan(process.env);
  // Checked once here rather than by every process; it also writes DATA_DIR's session secret
  // (when SESSION_SECRET is unset) before the processes start, so they all read the same one.
  config = loadConfig({ ...process.env, ...plan.processes[0]?.env });
} catch (err) {
  if (err instanceof ClusterPlanError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// Installs nothing itself: the project's one install script runs when HAProxy is not there.
if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status !== 0) {
  const installed = spawnSync('bash', [path.join(root, 'scripts/ensure-haproxy.sh')], { stdio: 'inherit' });
  if (installed.status !== 0) {
    console.error('HAProxy is not installed and scripts/ensure-haproxy.sh could not install it');
    process.exit(1);
  }
}

const configDir = path.join(path.resolve(root, config.dataDir), 'cluster');
mkdirSync(configDir, { recursive: true });
const cluster = superviseCluster({ plan, root, configDir, env: process.env });

let closing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (closing) return;
  closing = true;
  console.log(`${signal}: stopping HAProxy and the API processes`);
  void cluster.stop(signal).then(() => process.exit(0));
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
