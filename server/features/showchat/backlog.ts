import type { ShowChatMessage } from '#common/api/showchat.ts';

/**
 * The recent messages of each show's chat, in this process's memory, so a joiner sees what was
 * said before. Bounded twice: `perShow` messages a show (the oldest go), and `shows` shows, the
 * one written to least recently forgotten first. Lost on restart, which a chat can bear; with
 * Redis every process keeps its own copy, fed by the others (chat.ts).
 */
export class ShowChatBacklog {
  private readonly byShow = new Map<string, ShowChatMessage[]>();
  constructor(
    readonly perShow: number,
    readonly shows: number,
  ) {}

  add(message: ShowChatMessage) {
    const kept = this.byShow.get(message.showId) ?? [];
    // Re-inserted, so the Map's order is the order of last writes: the first key is the stalest.
    this.byShow.delete(message.showId);
    kept.push(message);
    if (kept.length > this.perShow) kept.splice(0, kept.length - this.perShow);
    this.byShow.set(message.showId, kept);
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
