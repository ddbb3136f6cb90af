import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** One id per build: baked into the bundle and written beside it for the server's x-version. */
function buildId(): string {
  try {
    return `${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()}-${Date.now().toString(36)}`;
  } catch {
    return `build-${Date.now().toString(36)}`;
  }
}
const BUILD_ID = buildId();

/**
 * package.json's semantic version, baked into the bundle: what this bundle is, reported with its
 * error logs and shown in its footer, whatever version the server runs by then.
 */
export const APP_VERSION: string = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8'),
).version;

const writeBuildId = (outDir: string): Plugin => ({
  name: 'write-build-id',
  apply: 'build',
  closeBundle() {
    writeFileSync(path.join(outDir, 'build-id.txt'), BUILD_ID);
  },
});

/**
 * Brotli and gzip copies of the text assets beside them, made once at build time: the server
 * sends the copy the browser accepts (no compression work per request).
 */
const precompress = (outDir: string): Plugin => ({
  name: 'precompress',
  apply: 'build',
  closeBundle() {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const file = path.join(dir, name);
        return statSync(file).isDirectory() ? walk(file) : [file];
      });
    for (const file of walk(outDir)) {
      if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  },
});

/**
 * The API server behind the dev server. X-Forwarded-For names where each request came from:
 * without it, with `vite --host`, callers from other machines would look like this machine to the
 * server's local-only pages (/dev/mailbox, the studio console, the demo operator).
 */
const api = { target: 'http://127.0.0.1:3000', xfwd: true };

/** The dev server's proxy to the API server and its own pages. */
export const devProxy = {
  // WebSocket upgrades too; the server checks the Origin against PUBLIC_URL (the Vite address here).
  '/api/socket': { ...api, ws: true },
  '/api': api,
  '/dev': api,
  // The sandbox providers' own pages (payment, phone, age check) and the operator console.
  '/sandbox': api,
  '/admin': api,
};

// APP_DIR lets a second build live beside the first (the server reads the same setting).
const outDir = path.resolve(import.meta.dirname, process.env.APP_DIR || 'dist/app');

export default defineConfig(({ isSsrBuild }) => ({
  root: 'app',
  publicDir: isSsrBuild ? false : path.resolve(import.meta.dirname, 'public'),
  plugins: isSsrBuild ? [react()] : [react(), writeBuildId(outDir), precompress(outDir)],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID), __APP_VERSION__: JSON.stringify(APP_VERSION) },
  // `vite build --ssr entry-server.tsx` writes the server's renderer beside the browser build, never into what is served.
  build: isSsrBuild
    ? { outDir: `${outDir}-ssr`, emptyOutDir: true, sourcemap: false, target: 'node20' }
    : { outDir, emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
  server: { proxy: devProxy },
}));
