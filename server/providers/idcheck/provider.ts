import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { Fetch } from '#server/providers/outbound.ts';
import { sandboxIdCheckProvider } from './sandbox.ts';
import type { IdCheckProvider } from './types.ts';
import { veriffIdCheckProvider } from './veriff.ts';

/** The configured ID provider for performers (ID_CHECK_PROVIDER); env.ts has checked its settings at start. */
export function idCheckProvider(config: Config, db: DbOrTx, fetch?: Fetch): IdCheckProvider {
  if (config.idCheck.provider === 'veriff') {
    const call = { timeoutMs: config.providerTimeoutMs, ...(fetch ? { fetch } : {}) };
    return veriffIdCheckProvider(config.idCheck.veriff, call, db);
  }
  return sandboxIdCheckProvider(config, db);
}
