import type { PrivateMode } from '#common/api/chat.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { type ChatRequest, chatKind, chatPrice } from '#common/domain/chat-session.ts';
import { chatPrices } from '#common/domain/prices.ts';

/** A show as the chat reads it: the page's answer (with the mode of a running private and her pause). */
export type ChatShow = ShowDetail;

/**
 * What the show is doing for everyone else: offline, on a break, in a private or exclusive, or
 * open to start; or `mine`: her own session with the show runs in this tab (nothing to start).
 */
export type ChatShowMode = 'offline' | 'paused' | 'private' | 'exclusive' | 'open' | 'mine';

/** One way in: the request sent to the server and its price in coins per minute. */
export type ChatOffer = { request: ChatRequest; price: number };

/**
 * The sessions a show can start now (spec part 2 section 4 "Chat"): free chat while she offers
 * it and no private runs, private and exclusive as her flags allow, and watching as a voyeur
 * while a private (not an exclusive) runs. The server decides in the end; this only offers.
 * While her own session with the show runs (`mine`), nothing is offered: the private behind her
 * chat is her own, not one to watch.
 */
export function chatOffers(
  show: ChatShow,
  live: { privateMode: PrivateMode | null; paused: boolean },
  opts: { voyeurPercent: number; voicecall: boolean; mine?: boolean },
): { mode: ChatShowMode; offers: ChatOffer[] } {
  if (!show.online) return { mode: 'offline', offers: [] };
  if (opts.mine) return { mode: 'mine', offers: [] };
  if (live.paused) return { mode: 'paused', offers: [] };
  const price = (request: ChatRequest) => chatPrice(chatKind(request, show), show, opts.voyeurPercent);
  if (live.privateMode === 'exclusive') return { mode: 'exclusive', offers: [] };
  if (live.privateMode === 'private')
    return { mode: 'private', offers: [{ request: 'voyeur', price: price('voyeur') }] };
  const prices = chatPrices(show);
  const offers: ChatOffer[] = [];
  if (show.flags.free) offers.push({ request: 'free', price: 0 });
  if (prices.private !== null) offers.push({ request: 'private', price: price('private') });
  // In a voice call exclusive needs the voice line's own exclusive, which no show announces.
  if (prices.exclusive !== null && !opts.voicecall) offers.push({ request: 'exclusive', price: price('exclusive') });
  return { mode: 'open', offers };
}
