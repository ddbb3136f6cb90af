// `npm run dev`: the API with watch on :3000 and Vite with hot reload (proxying /api) on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
