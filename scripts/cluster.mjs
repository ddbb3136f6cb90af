// `npm run start:cluster`: HAProxy in front of API_PROCESSES API processes (server/cluster/).
// PGlite lives inside one process, so a cluster needs PostgreSQL and Redis: said before building.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length) {
  console.error(
    `npm run start:cluster needs ${missing.join(' and ')}: the embedded PGlite cannot be shared between processes (npm start runs one process on it)`,
  );
  process.exit(1);
}
ensureWebBuild();
// The supervisor stops HAProxy and the processes on SIGINT/SIGTERM: a signal sent to this process
// (npm passes one on) goes to it, and this process ends when it has.
const supervisor = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cluster/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => supervisor.kill(signal));
supervisor.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
