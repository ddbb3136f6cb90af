import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the cluster as `npm run start:cluster` runs it, tested from outside
 * (cluster.test.ts). Not one of `npm test`'s projects: it needs PostgreSQL, Redis and HAProxy,
 * and runs its own processes.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    // One file, its steps in order on one cluster.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
