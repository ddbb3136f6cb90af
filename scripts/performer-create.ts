/**
 * Creates the studio account of a performer for her show and prints, once, her password:
 *
 *   npm run performer:create -- --email lena@example.com --show 1001
 *
 * `--show` is the show's universal id. It reads the same settings as the server (DATABASE_URL, or
 * the embedded database in DATA_DIR: stop the server first, only one process may open that one)
 * and applies pending migrations.
 */
import { openDatabase } from '#server/db/client.ts';
import { loadConfig } from '#server/env.ts';
import {
  createPerformerAccount,
  PERFORMER_CREATE_USAGE,
  parsePerformerArgs,
} from '#server/features/studio/create-performer.ts';

const REFUSED = {
  no_show: (show: string) => `No show has the universal id ${show}.`,
  partner_show: (show: string) =>
    `The show ${show} belongs to a partner: she broadcasts in the partner's studio, so it has no studio login here.`,
  email_taken: () => 'A performer with this address exists already.',
  show_taken: (show: string) => `The show ${show} has a performer account already.`,
};

const args = parsePerformerArgs(process.argv.slice(2));
if (!args.ok) {
  console.error(`${args.message}\n${PERFORMER_CREATE_USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const created = await createPerformerAccount(database.db, args.value);
  if (typeof created === 'string') {
    console.error(REFUSED[created](args.value.show));
    process.exitCode = 1;
  } else {
    console.log(
      [
        `Performer ${created.email} created for the show ${created.showName}.`,
        `Password (shown this once): ${created.password}`,
        `Sign in at ${config.publicUrl}/studio/login`,
      ].join('\n'),
    );
  }
} finally {
  await database.close();
}
