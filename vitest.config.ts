import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { APP_VERSION } from './vite.config.ts';

/** Server test files that replace a module (vi.mock) need modules of their own. */
const serverMocking = ['server/features/game/game.test.ts'];

/** Rendering test files that replace a module (vi.mock) need modules of their own, as above. */
const appMocking = [
  'app/features/voicecall/VoicecallPanel.test.tsx',
  'app/features/chat/ChatReload.test.tsx',
  'app/features/chat/ChatSession.test.tsx',
  'app/features/billing/BillingPage.test.tsx',
  'app/features/studio/studio-inbox.test.tsx',
  'app/shell/use-voicecall.test.tsx',
];

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
    projects: [
      { extends: true, test: { name: 'common', include: ['common/**/*.test.ts'], environment: 'node' } },
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
