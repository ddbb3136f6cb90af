import type { Conversation, Message } from '#common/api/messages.ts';
import type { Paged } from '#common/api/shows.ts';

/** A conversation as GET conversations lists it, for tests. */
export const conversationRow = (over: Partial<Conversation> = {}): Conversation => ({
  id: 1,
  kind: 'show',
  showid: 'u-anna',
  masterreferenceid: 'u-anna',
  messageid: 10,
  showprofile: { showname: 'Anna', online: false, preview: null, messageprice: 20 },
  block: { memberstatus: 0, blocked_by_show: false },
  messagedate: 1_790_000_000,
  messagebody: 'Hello you',
  memberpseudo: 'Nick',
  pseudoid: 1,
  unread: 0,
  lastchatdate: null,
  ...over,
});

/** A message as GET conversations/{id}/messages lists it, for tests. */
export const messageRow = (over: Partial<Message> = {}): Message => ({
  messageid: 10,
  conversationid: 1,
  author: 'show',
  message: 'Hi there',
  time: 1_790_000_000,
  unread: false,
  coins: 0,
  tip: 0,
  attachment: null,
  ...over,
});

/** One page of a paged answer. */
export const pageOf = <T>(data: T[], page = 1, lastPage = 1): Paged<T> => ({
  current_page: page,
  last_page: lastPage,
  total: data.length,
  data,
  more: page < lastPage,
});
