import { afterAll, vi } from 'vitest';

// The server's test files share their worker's modules (isolate: false, for speed): whatever one
// file changes in the process's globals is put back before the next file runs.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
