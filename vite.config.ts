import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { themeColorMeta, webAppBuild } from './scripts/web-app-build.ts';

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
      if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file) || existsSync(`${file}.br`)) continue;
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  },
});

/**
 * Two chunks for the landing page instead of a hundred: every module the entry imports
 * statically (`start`), and every further module the index route's page imports statically
 * (`index-route`). The first page needs all of them before it renders, and one file compresses
 * far better than the many small shared chunks automatic splitting makes of them (MUI parts,
 * hooks, icons): 40 KB gzip less. Modules only other lazy chunks reach stay split as before;
 * those chunks import what they share from these two.
 */
const INDEX_ROUTE_PAGE = '/app/features/shows/IndexPage.tsx';
const firstPageModules = { start: new Set<string>(), indexRoute: new Set<string>() };
// A package's index re-exports all of it; only what the entry uses of it belongs to the first page.
const BARREL = /node_modules\/@mui\/[^/]+\/(esm\/)?index\.m?js$/;
const collectFirstPageModules: Plugin = {
  name: 'collect-first-page-modules',
  apply: 'build',
  buildEnd() {
    const { start, indexRoute } = firstPageModules;
    const ids = [...this.getModuleIds()];
    const closure = (roots: string[], skip: Set<string>) => {
      const into = new Set<string>();
      const visit = (id: string) => {
        if (into.has(id) || skip.has(id)) return;
        into.add(id);
        if (!BARREL.test(id)) for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      for (const id of roots) visit(id);
      return into;
    };
    const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
    const reached = closure(entries, new Set());
    // The entry and the modules it names stay the entry chunk (a few KB), so index.html and the
    // manifest still name an entry; everything beneath them goes to `start`.
    const entryChunk = new Set(entries.flatMap((id) => [id, ...(this.getModuleInfo(id)?.importedIds ?? [])]));
    start.clear();
    for (const id of reached) if (!entryChunk.has(id)) start.add(id);
    indexRoute.clear();
    for (const id of closure(
      ids.filter((id) => id.endsWith(INDEX_ROUTE_PAGE)),
      reached,
    ))
      indexRoute.add(id);
  },
};

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
  // The sandbox providers' own pages (payment, phone, age check, the sandbox studio).
  '/sandbox': api,
};

/**
 * The operators' console is its own page (app/console.html): the dev server answers /admin and
 * every path beneath it with it, as the server does with the build (features/admin/console-page.ts).
 */
const consolePageInDev: Plugin = {
  name: 'console-page-in-dev',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/admin(?:[/?#]|$)/.test(req.url)) req.url = '/console.html';
      next();
    });
  },
};

// APP_DIR lets a second build live beside the first (the server reads the same setting).
const outDir = path.resolve(import.meta.dirname, process.env.APP_DIR || 'dist/app');

/**
 * React Router's package names only its development build (with its checks and warnings, which cost
 * a phone main-thread time): the browser's production build takes the production one it ships beside.
 */
const productionRouter = {
  find: /^react-router$/,
  replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
};

/**
 * The operators' console (`vite build --mode console`): its own build into the same folder, after
 * the site's, so no chunk is shared either way: the site's bundles never carry the console, and the
 * console never runs the site's first-page chunk. Its page is console.html, served on /admin only.
 */
const consoleBuild = {
  root: 'app',
  publicDir: false as const,
  plugins: [react(), precompress(outDir)],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID), __APP_VERSION__: JSON.stringify(APP_VERSION) },
  resolve: { alias: [productionRouter] },
  build: {
    outDir,
    emptyOutDir: false,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { input: { console: path.resolve(import.meta.dirname, 'app/console.html') } },
  },
};

export default defineConfig(({ isSsrBuild, command, mode }) =>
  mode === 'console'
    ? consoleBuild
    : {
        root: 'app',
        resolve: { alias: command === 'build' && !isSsrBuild ? [productionRouter] : [] },
        publicDir: isSsrBuild ? false : path.resolve(import.meta.dirname, 'public'),
        plugins: isSsrBuild
          ? [react()]
          : [
              react(),
              consolePageInDev,
              themeColorMeta,
              collectFirstPageModules,
              writeBuildId(outDir),
              webAppBuild(BUILD_ID),
              precompress(outDir),
            ],
        define: { __BUILD_ID__: JSON.stringify(BUILD_ID), __APP_VERSION__: JSON.stringify(APP_VERSION) },
        // `vite build --ssr entry-server.tsx` writes the server's renderer beside the browser build, never into what is served.
        build: isSsrBuild
          ? { outDir: `${outDir}-ssr`, emptyOutDir: true, sourcemap: false, target: 'node20' }
          : {
              outDir,
              emptyOutDir: true,
              sourcemap: true,
              // Which chunks each module needs (bench/bundle.ts reads it to measure the index route).
              manifest: true,
              chunkSizeWarningLimit: 600,
              rolldownOptions: {
                output: {
                  codeSplitting: {
                    groups: [
                      { name: 'start', priority: 2, test: (id: string) => firstPageModules.start.has(id) },
                      { name: 'index-route', priority: 1, test: (id: string) => firstPageModules.indexRoute.has(id) },
                    ],
                  },
                },
              },
            },
        server: { proxy: devProxy },
      },
);
