import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { sandboxIdCheckProvider } from './sandbox.ts';
import type { IdCheckProvider } from './types.ts';

/** The configured ID provider for performers (ID_CHECK_PROVIDER); only the sandbox is built so far. */
export function idCheckProvider(config: Config, db: DbOrTx): IdCheckProvider {
  return sandboxIdCheckProvider(config, db);
}
