// `npm start`: builds the SPA when no build is there yet, then runs the server
// (which migrates the database and seeds the demo content on an empty one).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const vite = path.join(root, 'node_modules/vite/bin/vite.js');
if (!existsSync(path.join(root, 'dist/app/index.html'))) {
  console.log('Building the web app (first start only)…');
  run(process.execPath, [vite, 'build', '--logLevel', 'warn']);
}
// The server's page renderer (public pages as HTML), built beside the web app.
if (!existsSync(path.join(root, 'dist/app-ssr/entry-server.js'))) {
  run(process.execPath, [vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn']);
}
run(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')]);
