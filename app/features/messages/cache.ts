import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '#common/api/messages.ts';
import type { Paged } from '#common/api/shows.ts';
import type { ConversationPages, MessagePages } from './api.ts';
import { CONVERSATIONS_KEY, LATEST_CONVERSATIONS_KEY, MESSAGE_COUNT_KEY } from './query-key.ts';

/**
 * What the member's actions change in the cached lists, at once (spec part 2 "Messages"): a
 * conversation with a newer message moves to the top, read-all clears every unread mark, a
 * deleted one disappears. The server's next answer replaces it all.
 */

type Lists = ConversationPages | Paged<Conversation> | { data: Conversation | null };
/** Edits one cached list; `key` says which (a filtered list is the third element of a list's key). */
type Edit = (list: Conversation[], key: readonly unknown[]) => Conversation[];

const LIST_KINDS = new Set(['list', 'unread', 'one', 'with']);
const isConversationCache = (key: readonly unknown[]) =>
  key[0] === LATEST_CONVERSATIONS_KEY[0] || (key[0] === CONVERSATIONS_KEY[0] && LIST_KINDS.has(String(key[1])));
const countOf = (pages: Paged<Conversation>[]) => pages.reduce((n, p) => n + p.data.length, 0);

function editLists(client: QueryClient, edit: Edit, one: (c: Conversation) => Conversation | null) {
  for (const query of client.getQueryCache().findAll({ predicate: (q) => isConversationCache(q.queryKey) })) {
    const key = query.queryKey;
    client.setQueryData<Lists>(key, (old) => {
      if (!old) return old;
      if ('pages' in old) {
        const all = edit(
          old.pages.flatMap((p) => p.data),
          key,
        );
        // The first page takes what was added or removed; the others keep their lengths.
        let rest = all;
        const pages = old.pages.map((p, i) => {
          const size = i === 0 ? Math.max(0, p.data.length + all.length - countOf(old.pages)) : p.data.length;
          const data = rest.slice(0, size);
          rest = rest.slice(size);
          return { ...p, data };
        });
        return { ...old, pages };
      }
      if (Array.isArray(old.data)) return { ...old, data: edit(old.data, key) } as Paged<Conversation>;
      return old.data ? { data: one(old.data as Conversation) } : old;
    });
  }
}

/** An unfiltered list (or the one lookup): a conversation with a new message belongs in it. */
const unfiltered = (key: readonly unknown[]) => {
  if (key[1] !== 'list') return false;
  const f = key[2] as { showname?: string; nickname?: number; unread?: boolean } | undefined;
  return !f?.showname && !f?.nickname && !f?.unread;
};

/** The conversation as the server answered it, wherever it is cached. */
export function replaceConversation(client: QueryClient, c: Conversation) {
  editLists(
    client,
    (list) => list.map((x) => (x.id === c.id ? c : x)),
    (x) => (x.id === c.id ? c : x),
  );
}

/** A conversation with a newer message: to the top of the unfiltered lists and of those it was in. */
export function moveToTop(client: QueryClient, c: Conversation) {
  editLists(
    client,
    (list, key) =>
      list.some((x) => x.id === c.id) || unfiltered(key) ? [c, ...list.filter((x) => x.id !== c.id)] : list,
    (x) => (x.id === c.id ? c : x),
  );
  client.setQueryData([...CONVERSATIONS_KEY, 'one', c.id], { data: c });
}

export function removeConversation(client: QueryClient, id: number) {
  editLists(
    client,
    (list) => list.filter((x) => x.id !== id),
    (x) => (x.id === id ? null : x),
  );
  client.removeQueries({ queryKey: [...CONVERSATIONS_KEY, 'messages', id] });
}

/** The conversation's unread count, in every list. */
export function setUnread(client: QueryClient, id: number, unread: number) {
  editLists(
    client,
    (list) => list.map((x) => (x.id === id ? { ...x, unread } : x)),
    (x) => (x.id === id ? { ...x, unread } : x),
  );
}

/** Read all: unread false on every message and 0 on every conversation. */
export function clearAllUnread(client: QueryClient) {
  editLists(
    client,
    (list) => list.map((x) => ({ ...x, unread: 0 })),
    (x) => ({ ...x, unread: 0 }),
  );
  client.setQueriesData<MessagePages>({ queryKey: [...CONVERSATIONS_KEY, 'messages'] }, (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map((m) => ({ ...m, unread: false })) })) } : old,
  );
  client.setQueryData(MESSAGE_COUNT_KEY, { all: 0 });
}

/** Edits the loaded messages of a conversation. */
export function editMessages(client: QueryClient, conversationId: number, edit: (list: Message[]) => Message[]) {
  client.setQueryData<MessagePages>([...CONVERSATIONS_KEY, 'messages', conversationId], (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: edit(p.data) })) } : old,
  );
}

/** A message just sent: after the newest one, on the newest page. */
export function appendMessage(client: QueryClient, conversationId: number, m: Message) {
  client.setQueryData<MessagePages>([...CONVERSATIONS_KEY, 'messages', conversationId], (old) => {
    if (!old) return old;
    const [newest, ...older] = old.pages;
    if (!newest || newest.data.some((x) => x.messageid === m.messageid)) return old;
    return { ...old, pages: [{ ...newest, data: [...newest.data, m], total: newest.total + 1 }, ...older] };
  });
}
