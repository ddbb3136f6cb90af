import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { provide } from '#server/context.ts';
import { type Database, openDatabase } from '#server/db/client.ts';

/**
 * The configuration's database, opened and migrated. buildApp does it before it registers the
 * plugins: Fastify gives a plugin 10 s to start (pluginTimeout), and a migration may need longer.
 */
export function openConfiguredDatabase(config: Config, log: FastifyBaseLogger): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err }, 'an idle database connection failed'),
  });
}

/**
 * The database (`ctx.database`, `ctx.db`). One the app opened it closes, last of all: registered
 * first after the context, its onClose hook runs after every later plugin's.
 */
export const databasePlugin = fp<{ database: Database; owned: boolean }>(
  async (app, { database, owned }) => {
    provide(app, { database, db: database.db });
    if (owned) app.addHook('onClose', () => database.close());
  },
  { name: 'database', dependencies: ['context'] },
);
