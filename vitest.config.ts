import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { APP_VERSION } from './vite.config.ts';

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
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['app/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
