import type { Passkey } from '#common/api/passkeys.ts';
import type { PasskeyRow } from './data.ts';

/** A passkey as its owner sees it: never its key, counter or credential id. */
export const presentPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  transports: row.transports,
});

/** The options for the browser, as the library made them (JSON already), passed on unchanged. */
export const optionsJson = (options: object) => options as Record<string, unknown>;
