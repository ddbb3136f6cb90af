/**
 * Writes the OpenAPI document of /api (decision 070) to a file, without starting a server: the
 * app is built in-process on an empty in-memory database, as the tests build it, and asked for
 * app.swagger(). `.ci/run` lints what it writes with `redocly lint`:
 *
 *   npx tsx scripts/api-document.ts [file]   (default test-results/openapi.json)
 *
 * The sandbox providers are chosen, as in development; the routes the real providers add are
 * checked by server/http/api-document.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadConfig } from '#server/env.ts';

const file = path.resolve(process.argv[2] ?? 'test-results/openapi.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'livecam-api-document-'));
const config = loadConfig({
  NODE_ENV: 'test',
  SESSION_SECRET: 'api-document-only-never-serves-a-request-0123456789',
  DATA_DIR: dataDir,
  MEDIA_DIR: path.join(dataDir, 'media'),
  PUBLIC_URL: 'http://localhost:3000',
  BUILD_ID: 'api-document',
  SEED_DEMO: 'false',
  APP_DIR: '/nonexistent/livecam-app',
});
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp(config, { database, redis: null, mailTransport: null });
try {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(app.swagger(), null, 1)}\n`);
  console.log(`${path.relative(process.cwd(), file)}: ${Object.keys(app.swagger().paths ?? {}).length} paths`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
