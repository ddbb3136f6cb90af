import type { QueryClient } from '@tanstack/react-query';
import type { ShowUpdate } from '#common/realtime.ts';

/**
 * Live show updates (`show:bulkupdate`, `{ [universalId]: { online, ... } }`) written into every
 * cached answer that holds shows: lists, the teaser, show pages, favorites, history, search results.
 * One generic walk: any plain object with a `universalId` named in the update gets the update's
 * fields that it already has. Unchanged parts keep their identity, so only affected views render.
 */

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

function patchObject(obj: Record<string, unknown>, updates: Readonly<Record<string, ShowUpdate>>) {
  let out: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(obj)) {
    const next = patchShows(value, updates);
    if (next !== value) {
      out ??= { ...obj };
      out[key] = next;
    }
  }
  const id = obj.universalId;
  const update = typeof id === 'string' && Object.hasOwn(updates, id) ? updates[id] : undefined;
  if (update) {
    for (const [key, value] of Object.entries(update)) {
      if (value === undefined || !Object.hasOwn(obj, key) || obj[key] === value) continue;
      if (typeof obj[key] !== typeof value) continue;
      out ??= { ...obj };
      out[key] = value;
    }
  }
  return out ?? obj;
}

/** The data with the updates applied; the same reference when nothing in it changed. */
export function patchShows<T>(data: T, updates: Readonly<Record<string, ShowUpdate>>): T {
  if (Array.isArray(data)) {
    let out: unknown[] | null = null;
    data.forEach((item, i) => {
      const next = patchShows(item, updates);
      if (next !== item) {
        out ??= [...data];
        out[i] = next;
      }
    });
    return (out ?? data) as T;
  }
  if (isPlainObject(data)) return patchObject(data, updates) as T;
  return data;
}

type UpdatesListener = (updates: Readonly<Record<string, ShowUpdate>>) => void;
const listeners = new Set<UpdatesListener>();

/**
 * Hears every show update as it arrives, also the fields no cached answer holds (a live stream's
 * `paused`, `free`): the live player follows its show through it. Answers the unsubscribe.
 */
export function onShowUpdates(listener: UpdatesListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Applies an update to every cached query whose data changes; their fetch times stay as they were. */
export function applyShowUpdates(client: QueryClient, updates: Readonly<Record<string, ShowUpdate>>) {
  if (!isPlainObject(updates) || Object.keys(updates).length === 0) return;
  for (const listener of listeners) listener(updates);
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = patchShows(data, updates);
    if (next !== data) client.setQueryData(query.queryKey, next, { updatedAt: query.state.dataUpdatedAt });
  }
}
