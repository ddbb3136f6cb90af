import { loadConfig } from '../env.ts';
import { openDatabase } from './client.ts';

/** `npm run db:migrate`: applies the migrations to the configured database and exits. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.close();
console.log(`Migrations applied (${database.kind}).`);
