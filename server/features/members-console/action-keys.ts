import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import { actionEntry } from './data.ts';

/**
 * The key a console action names itself with is kept by its audit entry (unique). A request
 * whose key already acted on the same thing is a repeat (a double click, a retry after a lost
 * answer): answered so, nothing done again. A key that acted on something else is a client's
 * mistake: 409, nothing done.
 */

export type KeyedEntry = NonNullable<Awaited<ReturnType<typeof actionEntry>>>;
export type SameAction = (entry: KeyedEntry) => boolean;

/** The entry of the key when it is a repeat of this action; null when the key is unused; 409 otherwise. */
export async function repeated(db: DbOrTx, key: string, same: SameAction): Promise<KeyedEntry | null> {
  const entry = await actionEntry(db, key);
  if (!entry) return null;
  if (!same(entry)) throw new AppError('conflict', { message: 'action_key_used' });
  return entry;
}

/**
 * Runs `act` unless the key acted already: `{ repeat }` with the earlier entry, or `{ value }`.
 * Two requests under one key at once both pass the first look; the audit log's unique key lets
 * one commit, and the other is answered as the repeat it is.
 */
export async function underKey<T>(
  db: DbOrTx,
  key: string,
  same: SameAction,
  act: () => Promise<T>,
): Promise<{ repeat: KeyedEntry } | { value: T }> {
  const before = await repeated(db, key, same);
  if (before) return { repeat: before };
  try {
    return { value: await act() };
  } catch (err) {
    if (!isUniqueViolation(err, 'audit_log_form_key_unique')) throw err;
    const entry = await repeated(db, key, same);
    if (!entry) throw err;
    return { repeat: entry };
  }
}

/** Whether an audit entry recorded `action` on this subject. */
export const entryOf =
  (action: string, subjectType: string, subjectId: number): SameAction =>
  (entry) =>
    entry.action === action && entry.subjectType === subjectType && entry.subjectId === String(subjectId);
