import type { ShowChatMessage } from '#common/api/showchat.ts';

/**
 * The recent messages of each show's chat in this process's memory, so a joiner sees what was
 * said before. Bounded twice: `perShow` messages a show (the oldest go), and `shows` shows, the
 * one written to least recently forgotten first. Lost on restart, which a chat can bear. The
 * whole backlog without Redis; with it, what this process last knew, for while Redis is away
 * (store.ts).
 */
export class ShowChatBacklog {
  private readonly byShow = new Map<string, ShowChatMessage[]>();
  constructor(
    readonly perShow: number,
    readonly shows: number,
  ) {}

  add(message: ShowChatMessage) {
    this.keep(message.showId, [...(this.byShow.get(message.showId) ?? []), message]);
  }

  /** The show's recent messages are these (as another process's store answered them). */
  replace(showId: string, messages: readonly ShowChatMessage[]) {
    this.keep(showId, [...messages]);
  }

  private keep(showId: string, kept: ShowChatMessage[]) {
    // Re-inserted, so the Map's order is the order of last writes: the first key is the stalest.
    this.byShow.delete(showId);
    if (kept.length > this.perShow) kept.splice(0, kept.length - this.perShow);
    this.byShow.set(showId, kept);
    while (this.byShow.size > this.shows) {
      const stalest = this.byShow.keys().next().value;
      if (stalest === undefined) break;
      this.byShow.delete(stalest);
    }
  }

  /** The show's recent messages, oldest first (a copy). */
  recent(showId: string): ShowChatMessage[] {
    return [...(this.byShow.get(showId) ?? [])];
  }
}
