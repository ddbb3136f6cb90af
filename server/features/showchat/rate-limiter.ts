import { type ChatRate, chatRateCheck } from '#common/domain/chat-rate.ts';

/** Chatters tracked before stale entries are swept out (a sweep walks them all). */
const SWEEP_ABOVE = 10_000;

/**
 * The flood rule (common/domain/chat-rate.ts) over this process's chatters: the whole count
 * without Redis, and while Redis is away (store.ts; redis-scripts.ts counts it in Redis).
 */
export class ChatRateLimiter {
  private readonly sent = new Map<string, number[]>();
  private sweptAt = 0;
  constructor(private readonly rate: ChatRate) {}

  /** Whether the chatter may send now; an allowed message counts. */
  allow(key: string, now: number): boolean {
    const result = chatRateCheck(this.sent.get(key) ?? [], now, this.rate);
    this.sent.set(key, result.sentAt);
    // At most once a window: with that many chatters all active, a sweep would free nothing.
    if (this.sent.size > SWEEP_ABOVE && now - this.sweptAt >= this.rate.windowMs) this.sweep(now);
    return result.allowed;
  }

  /** Forgets chatters whose last message has left the window. */
  private sweep(now: number) {
    this.sweptAt = now;
    for (const [key, times] of this.sent) {
      const last = times.at(-1);
      if (last === undefined || last <= now - this.rate.windowMs) this.sent.delete(key);
    }
  }
}
