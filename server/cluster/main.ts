import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, launchEnvironment, loadConfig } from '../env.ts';
import { janusInstalled } from '../live/janus/janus-process.ts';
import { ClusterPlanError, clusterPlan, type JanusSecrets, missingServices, startsJanus } from './plan.ts';
import { superviseCluster } from './supervisor.ts';

/**
 * `npm run start:cluster`: HAProxy on PORT in front of API_PROCESSES API processes on one
 * PostgreSQL and one Redis, and with LIVE_SFU=janus (no JANUS_URLS) JANUS_INSTANCES Janus
 * instances beside them (plan.ts, haproxy-config.ts, docs/operations.md).
 */
const root = path.resolve(import.meta.dirname, '../..');
const env = launchEnvironment();

const missing = missingServices(env);
if (missing) {
  console.error(missing);
  process.exit(1);
}
// Fresh for every start, known to this process and its children only: never printed or kept
// anywhere but the instances' own configuration files (readable by this user only).
const janusSecrets: JanusSecrets | undefined = startsJanus(env)
  ? { apiSecret: randomBytes(32).toString('base64url'), adminSecret: randomBytes(32).toString('base64url') }
  : undefined;
let plan: ReturnType<typeof clusterPlan>;
let config: ReturnType<typeof loadConfig>;
try {
  plan = clusterPlan(env, janusSecrets);
  // Checked once here rather than by every process; it also writes DATA_DIR's session secret
  // (when SESSION_SECRET is unset) before the processes start, so they all read the same one.
  config = loadConfig({ ...env, ...plan.processes[0]?.env });
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

if (plan.janus.length && !janusInstalled()) {
  const installed = spawnSync('bash', [path.join(root, 'scripts/ensure-media-servers.sh')], { stdio: 'inherit' });
  if (installed.status !== 0 || !janusInstalled()) {
    console.error('Janus is not installed and scripts/ensure-media-servers.sh could not install it');
    process.exit(1);
  }
}

const configDir = path.join(path.resolve(root, config.dataDir), 'cluster');
mkdirSync(configDir, { recursive: true });
const cluster = superviseCluster({ plan, root, configDir, env, janusSecrets });

let closing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (closing) return;
  closing = true;
  console.log(`${signal}: stopping HAProxy, the API processes${plan.janus.length ? ' and the Janus instances' : ''}`);
  void cluster.stop(signal).then(() => process.exit(0));
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
