import type { ShowUpdate } from '#common/realtime.ts';
import type { Db } from '#server/db/client.ts';
import type { Realtime } from '#server/realtime/hub.ts';
import { setShowsOnline } from './mutations.ts';

/** Changes within this window go out as one `show:bulkupdate`. */
export const BULK_WINDOW_MS = 500;

export type PresenceChange = Record<string, ShowUpdate>;

/**
 * Performers' online states. `setOnline` writes the rows that actually change and queues their
 * new state; one `show:bulkupdate` per batch window carries everything queued to every connected
 * socket (members and visitors). Listeners (the show list's cache) hear each change at once;
 * `setOnline` answers once they have done their work, so a show that went offline has no open chat
 * session when the call that took it offline answers.
 */
export type Presence = {
  /** Sets shows (internal ids) on or off line; answers the universal ids that changed. */
  setOnline(showIds: number[], online: boolean): Promise<string[]>;
  /** Queues other list fields of shows for the next batch. */
  queue(updates: PresenceChange): void;
  /** Sends what is queued now instead of at the end of the window. */
  flush(): void;
  /** Called with every change as it is written (before the batch goes out); `setOnline` awaits it. */
  onChange(listener: (change: PresenceChange) => void | Promise<void>): () => void;
  /** At shutdown, before the sockets close: drops what is queued, and sends nothing any more. */
  close(): void;
};

export function createPresence(deps: {
  db: Db;
  /** Read at send time: the socket server is attached after the context is built. */
  realtime: () => Realtime;
  windowMs?: number;
}): Presence {
  const windowMs = deps.windowMs ?? BULK_WINDOW_MS;
  let pending: PresenceChange = {};
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const listeners = new Set<(change: PresenceChange) => void | Promise<void>>();

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (closed || Object.keys(pending).length === 0) return;
    const batch = pending;
    pending = {};
    deps.realtime().broadcast('show:bulkupdate', batch);
  };

  /** Queues the updates and tells the listeners; answers when every listener has finished. */
  const queue = (updates: PresenceChange): Promise<void> => {
    if (Object.keys(updates).length === 0) return Promise.resolve();
    for (const [universalId, update] of Object.entries(updates)) {
      pending[universalId] = { ...pending[universalId], ...update };
    }
    const heard = [...listeners].map((listener) => listener(updates));
    if (!timer && !closed) {
      timer = setTimeout(flush, windowMs);
      timer.unref();
    }
    return Promise.all(heard).then(() => undefined);
  };

  return {
    async setOnline(showIds, online) {
      const changed = await setShowsOnline(deps.db, showIds, online);
      // Offline also means no phone-chat calls (setShowsOnline): open pages hear both at once.
      const update = online ? { online } : { online, phoneChatOn: false };
      await queue(Object.fromEntries(changed.map((universalId) => [universalId, update])));
      return changed;
    },
    queue(updates) {
      void queue(updates);
    },
    flush,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending = {};
      listeners.clear();
    },
  };
}
