import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { APP_VERSION } from './vite.config.ts';

/**
 * Test files that replace a module (vi.mock) need modules of their own: where files share their
 * worker's modules, an earlier file may have loaded the real one already. Found by their text, so
 * no list goes stale.
 */
function replacingModules(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file))
    .filter((file) => /\bvi\.mock\(/.test(readFileSync(file, 'utf8')));
}
const serverMocking = replacingModules('server');
const appMocking = replacingModules('app');

const app: TestProjectInlineConfiguration['test'] = {
  environment: 'jsdom',
  setupFiles: ['app/test/setup.ts'],
  testTimeout: 15_000,
};

const server: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  // One migrated database image (or template) for the whole run.
  globalSetup: ['server/test/database-image.ts'],
  setupFiles: ['server/test/setup.ts'],
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  plugins: [react()],
  // The bundle's version, as the build defines it (vite.config.ts); the build id stays a test's to stub.
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  test: {
    globals: true,
    // A worker per core. Vitest keeps one core for itself by default, which on two cores means
    // one file at a time, while the main process mostly waits.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'common', include: ['common/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        // The files share their worker's modules: the app's import is paid once per worker, not per file.
        test: { ...server, name: 'server', include: ['server/**/*.test.ts'], exclude: serverMocking, isolate: false },
      },
      { extends: true, test: { ...server, name: 'server-mocking', include: serverMocking } },
      {
        extends: true,
        resolve: {
          alias: [{ find: /^zustand$/, replacement: path.resolve(import.meta.dirname, 'app/test/zustand.ts') }],
        },
        test: { ...app, name: 'app', include: ['app/**/*.test.{ts,tsx}'], exclude: appMocking, isolate: false },
      },
      { extends: true, test: { ...app, name: 'app-mocking', include: appMocking } },
    ],
  },
});
