// Builds the web app, the console and the server renderer when no build is there yet or the renderer is older
// than the web app (`npm start`, `npm run start:cluster`).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function ensureWebBuild() {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const web = path.join(root, 'dist/app/index.html');
  const consolePage = path.join(root, 'dist/app/console.html');
  const renderer = path.join(root, 'dist/app-ssr/entry-server.js');
  // The web app, the operators' console and the server renderer (public pages as HTML) are built
  // together: a renderer older than the web app would not draw the same page.
  const built = [web, consolePage, renderer].every((file) => existsSync(file));
  if (!built || statSync(web).mtimeMs > statSync(renderer).mtimeMs) {
    console.log('Building the web app…');
    run(process.execPath, [vite, 'build', '--logLevel', 'warn']);
    run(process.execPath, [vite, 'build', '--mode', 'console', '--logLevel', 'warn']);
    run(process.execPath, [vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn']);
  }
}
