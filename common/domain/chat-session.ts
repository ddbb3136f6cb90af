import type { ChatKind, ChatStartError, PrivateMode } from '#common/api/chat.ts';
import { CHAT_SESSION_TYPES } from '#common/constants.ts';
import { chatPrices } from './prices.ts';

/**
 * The rules of starting a chat session (spec part 2 section 4 "Chat" and section 8): which kind a
 * request becomes, what it costs, and the first reason it is refused, in the order a member meets
 * them. The server decides with them; the client uses them to offer only what can start.
 */

export type ChatRequest = 'free' | 'voyeur' | 'private' | 'exclusive';

/** The request's type as the spec accepts it (private, voyeur, free, and exclusive as a request); null: unknown. */
export function chatRequest(type: string): ChatRequest | null {
  if (type === 'exclusive') return 'exclusive';
  return (CHAT_SESSION_TYPES as readonly string[]).includes(type) ? (type as ChatRequest) : null;
}

export type ChatShowState = {
  online: boolean;
  /** Her stream reaches the server (a show online with its camera still connecting has none). */
  onAir: boolean;
  paused: boolean;
  free: boolean;
  flags: { exclusive: number };
  pricePerMinute: number;
  priceFactorExclusive: number;
  /** A private (or exclusive) runs now. */
  privateMode: PrivateMode | null;
};

export type ChatStarter =
  | { kind: 'guest'; freeSecondsLeft: number }
  | { kind: 'member'; verified: boolean; nickname: string | null; balance: number; paidSessionRunning: boolean };

/** A private becomes exclusive when the show offers exclusive chat only. */
export function chatKind(
  request: ChatRequest,
  show: Pick<ChatShowState, 'flags' | 'pricePerMinute' | 'priceFactorExclusive'>,
): ChatKind {
  if (request === 'private' && chatPrices(show).exclusiveOnly) return 'exclusive';
  return request;
}

/** Coins per minute of a kind: free nothing, voyeur a percent of the private price (1 at least). */
export function chatPrice(
  kind: ChatKind,
  show: Pick<ChatShowState, 'flags' | 'pricePerMinute' | 'priceFactorExclusive'>,
  voyeurPercent: number,
): number {
  const prices = chatPrices(show);
  switch (kind) {
    case 'free':
      return 0;
    case 'voyeur':
      return Math.max(1, Math.round((show.pricePerMinute * voyeurPercent) / 100));
    case 'private':
      return prices.private ?? show.pricePerMinute;
    case 'exclusive':
      return prices.exclusive ?? show.pricePerMinute;
  }
}

/** The performer's coins of a minute's price: her percent, rounded down (the platform keeps the rest). */
export const performerShare = (price: number, percent: number) => Math.floor((price * percent) / 100);

/** The first reason a start is refused, or null when it may start. */
export function chatStartRefusal(
  request: ChatRequest,
  show: ChatShowState,
  starter: ChatStarter,
  voyeurPercent: number,
): ChatStartError | null {
  if (starter.kind === 'member' && !starter.verified) return 'chat.not_verfified';
  if (!show.online || !show.onAir) return 'chat.show_not_available';
  if (show.paused) return 'chat.show_paused';
  const kind = chatKind(request, show);
  if (kind === 'free') {
    if (show.privateMode !== null || !show.free) return 'chat.show_not_available_free';
    if (starter.kind === 'guest' && starter.freeSecondsLeft <= 0) return 'chat.free_expired';
    if (starter.kind === 'member' && !starter.nickname) return 'chat.no_nickname';
    return null;
  }
  // Paid kinds are for members only; the client sends guests to sign-up before asking.
  if (starter.kind === 'guest') return 'chat.sign_up_required';
  if (!starter.nickname) return 'chat.no_nickname';
  if (kind === 'voyeur') {
    if (show.privateMode === 'exclusive') return 'chat.show_not_available_exclusive_in_use';
    if (show.privateMode === null) return 'chat.show_not_available_voyeur';
  } else {
    if (kind === 'exclusive' && chatPrices(show).exclusive === null) return 'chat.show_not_available_exclusive';
    if (show.privateMode === 'exclusive') return 'chat.show_not_available_exclusive_in_use';
    if (show.privateMode === 'private') return 'chat.show_not_available_private';
  }
  if (starter.paidSessionRunning) return 'chat.session_running';
  if (starter.balance < chatPrice(kind, show, voyeurPercent)) return 'chat.no_coins';
  return null;
}

/** The coins left will not pay for the minute after the running one. */
export const lowCoins = (balance: number, pricePerMinute: number) => pricePerMinute > 0 && balance < pricePerMinute;
