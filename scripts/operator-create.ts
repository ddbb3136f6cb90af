/**
 * Creates an operator of the console (/admin) and prints, once, the password and the otpauth://
 * address of the TOTP key for an authenticator app:
 *
 *   npm run operator:create -- --email ops@example.com --roles admin [--name "Alex Admin"]
 *
 * It reads the same settings as the server (DATABASE_URL, or the embedded database in DATA_DIR:
 * stop the server first, only one process may open that one) and applies pending migrations.
 */
import { openDatabase } from '#server/db/client.ts';
import { loadConfig } from '#server/env.ts';
import {
  createOperatorAccount,
  OPERATOR_CREATE_USAGE,
  parseOperatorArgs,
  totpIssuer,
} from '#server/features/admin/create-operator.ts';

const args = parseOperatorArgs(process.argv.slice(2));
if (!args.ok) {
  console.error(`${args.message}\n${OPERATOR_CREATE_USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const created = await createOperatorAccount(database.db, args.value, {
    issuer: totpIssuer(config.site.name),
    sealKey: config.secondFactorKey,
  });
  if (created === 'email_taken') {
    console.error(`An operator with the address ${args.value.email} exists already.`);
    process.exitCode = 1;
  } else {
    console.log(
      [
        `Operator ${created.operator.email} created (roles: ${created.operator.roles.join(', ')}).`,
        `Password (shown this once): ${created.password}`,
        `Authenticator key: ${created.totpSecret}`,
        `or as an address for the app (QR code): ${created.otpauthUri}`,
        `Sign in at ${config.publicUrl}/admin/login`,
      ].join('\n'),
    );
  }
} finally {
  await database.close();
}
