// `npm run start:cluster`: HAProxy in front of API_PROCESSES API processes (server/cluster/).
// PGlite lives inside one process, so a cluster needs PostgreSQL and Redis: said before building.
import path from 'node:path';
import { ensureWebBuild, root, run } from './web-build.mjs';

const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length) {
  console.error(
    `npm run start:cluster needs ${missing.join(' and ')}: the embedded PGlite cannot be shared between processes (npm start runs one process on it)`,
  );
  process.exit(1);
}
ensureWebBuild();
run(process.execPath, ['--import', 'tsx', path.join(root, 'server/cluster/main.ts')]);
