/**
 * The built app served by the real server on embedded defaults with the demo catalogue, in a fresh
 * data folder removed on exit: what the browser benchmarks (Lighthouse, the main-thread trace) load.
 * Build first: `npm run build` (APP_DIR is passed on; MEDIA_DIR, the demo media
 * kept between runs, defaults to a folder in the system's temporary folder).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export type DemoPages = { base: string; pages: { name: string; url: string }[]; stop: () => void };

/** Starts the server on `port` and answers the three public pages the budgets name, once it serves them. */
export async function startBuiltApp(port: number): Promise<DemoPages> {
  const appDir = path.resolve(ROOT, process.env.APP_DIR || 'dist/app');
  if (!existsSync(path.join(appDir, 'index.html'))) {
    console.error(`${appDir}/index.html is missing: run \`npm run build\` first`);
    process.exit(2);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-app-data-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      // The demo media is deterministic: rendered once and kept between runs.
      MEDIA_DIR: process.env.MEDIA_DIR || path.join(tmpdir(), 'livecam-bench-media'),
      // Nothing changes under the measurement: no performer comes or goes, no demo stream runs.
      DEMO_PRESENCE: 'off',
      DEMO_BROADCASTS: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/api/shows?limit=1`);
      if (res.ok) {
        const { data } = (await res.json()) as { data: { universalId: string; slugName: string }[] };
        const show = data[0];
        if (!show) throw new Error('the demo catalogue is empty');
        const pages = [
          { name: 'index', url: `${base}/` },
          { name: 'show page', url: `${base}/chat/${show.universalId}/${show.slugName}` },
          { name: 'videos page', url: `${base}/videos` },
        ];
        return { base, pages, stop };
      }
    } catch (err) {
      if (err instanceof Error && err.message.includes('catalogue')) throw err;
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('the server did not start within 5 minutes');
}
