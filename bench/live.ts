/**
 * Live video benchmark on loopback, once per SFU engine (BENCH_ENGINES=werift,janus; werift alone
 * by default): for each, a fresh bench_<random> PostgreSQL database and the real app (buildApp) in a
 * child process (bench/live-server.ts) with LIVE_SFU set, one free show and its performer; for
 * Janus, its media server is started first (bench/live-engines.ts). A headless publisher (werift,
 * synthetic 640x480 VP8 at 30 fps, ~1 Mbit/s, keyframe every 2 s and on request) goes on air through
 * the studio API, then:
 * - time to first frame: sequential joins of new visitors (werift), chat start to first whole keyframe;
 * - relay capacity: headless viewers in processes of their own join in steps; the SFU's CPU and RSS
 *   are read from /proc per step, the viewers count lost packets, the kernel counts UDP drops;
 * - glass to glass: Chromium publishes a canvas painted with its clock through the studio API,
 *   a second Chromium context watches through the viewer API and reads the clock back.
 * Writes bench/results/live.json and live.md (or --out's name), the engines side by side. The app and the APIs listen on
 * loopback; Janus offers no loopback candidates, so with it the headless peers and Chromium reach
 * its media on the machine's network address. Exits by itself.
 *
 *   npm run bench:live -- [--joins 20] [--steps 25,50,100,150,200,250,300] [--window 10] [--glass-seconds 15]
 *                         [--only first-frame,capacity,glass] [--viewers-per-process 100] [--out live]
 *   DATABASE_URL (admin connection, default postgres://root@127.0.0.1:5432/test), CHROMIUM (/usr/bin/chromium),
 *   BENCH_ENGINES (werift), for an already running Janus: JANUS_URLS and BENCH_JANUS_PID
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { assertLoopback, cleanUpOnExit, cleanup, loadAverage } from './lifecycle.ts';
import { parseEngines } from './live-engines.ts';
import { type EngineRun, type LiveReport, renderLiveMarkdown } from './live-report.ts';
import { PHASES, type Phase, type RunSettings, runEngine } from './live-run.ts';
import { DELTA_BYTES, STREAM } from './live-vp8.ts';
import { machineFacts, toJson } from './report.ts';

const RESULTS = path.join(import.meta.dirname, 'results');

const { values: args } = parseArgs({
  options: {
    joins: { type: 'string', default: '20' },
    steps: { type: 'string', default: '25,50,100,150,200,250,300' },
    window: { type: 'string', default: '10' },
    'glass-seconds': { type: 'string', default: '15' },
    only: { type: 'string', default: PHASES.join(',') },
    'viewers-per-process': { type: 'string', default: '100' },
    // Another name for the results, e.g. for a run on another Node or werift (bench/werift-at.mjs).
    out: { type: 'string', default: 'live' },
  },
});
const settings: RunSettings = {
  adminUrl: process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test',
  chromium: process.env.CHROMIUM || '/usr/bin/chromium',
  phases: new Set(args.only.split(',') as Phase[]),
  joins: Number(args.joins),
  steps: args.steps.split(',').map(Number),
  windowSeconds: Number(args.window),
  glassSeconds: Number(args['glass-seconds']),
  viewersPerProcess: Number(args['viewers-per-process']),
  log: (line: string) => console.log(line),
};
const engines = parseEngines(process.env.BENCH_ENGINES);
const { joins, steps, windowSeconds, glassSeconds, viewersPerProcess, phases } = settings;
if (
  !(joins >= 1 && joins <= 200) ||
  !steps.every((s, i) => Number.isInteger(s) && s > (steps[i - 1] ?? 0) && s <= 1000) ||
  !(windowSeconds >= 2 && windowSeconds <= 60) ||
  !(glassSeconds >= 3 && glassSeconds <= 120) ||
  !(Number.isInteger(viewersPerProcess) && viewersPerProcess >= 1) ||
  ![...phases].every((p) => PHASES.includes(p)) ||
  !/^[a-z0-9][a-z0-9.-]*$/.test(args.out)
) {
  throw new Error(
    `--joins 1..200, --steps rising integers up to 1000, --window 2..60, --glass-seconds 3..120, --viewers-per-process 1.., --only of ${PHASES.join(',')}, --out of a-z, 0-9, . and -`,
  );
}
assertLoopback('DATABASE_URL', settings.adminUrl);
cleanUpOnExit(engines.length * 8 * 60_000);

async function main(): Promise<boolean> {
  const loadAverageAtStart = loadAverage();
  const runs: EngineRun[] = [];
  let postgres = '';
  for (const name of engines) {
    const werift = runs.find((r) => r.engine === 'werift')?.capacity?.viewersPerCore ?? null;
    const { run, postgres: version } = await runEngine(name, settings, werift);
    runs.push(run);
    postgres = version;
  }
  const report: LiveReport = {
    machine: machineFacts(loadAverageAtStart, postgres),
    stream: { ...STREAM, deltaFrameBytes: Math.round(DELTA_BYTES) },
    runs,
    pass: runs.every((r) => r.pass),
  };
  mkdirSync(RESULTS, { recursive: true });
  const jsonFile = path.join(RESULTS, `${args.out}.json`);
  writeFileSync(jsonFile, toJson(report));
  // Long lists of samples are laid out by Biome itself, so lint stays clean after a run.
  try {
    execFileSync(
      path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'biome'),
      ['format', '--write', jsonFile],
      {
        cwd: path.join(import.meta.dirname, '..'),
        stdio: 'ignore',
      },
    );
  } catch {
    console.error(`biome could not format ${jsonFile}: run npx biome format --write ${jsonFile}`);
  }
  const markdown = renderLiveMarkdown(report);
  writeFileSync(path.join(RESULTS, `${args.out}.md`), markdown);
  console.log(`\n${markdown}`);
  return report.pass;
}

try {
  process.exitCode = (await main()) ? 0 : 1;
} catch (err) {
  console.error('bench failed:', err);
  process.exitCode = 2;
} finally {
  await cleanup();
}
