/**
 * The show chat's flood rule: at most `max` messages within any `windowMs`, counted by the times
 * a chatter's accepted messages were sent. Pure: the caller keeps each chatter's times.
 */
export type ChatRate = { max: number; windowMs: number };

/**
 * Whether a message at `now` fits, and the times to keep afterwards (those still inside the
 * window, plus `now` when it fits). A refused message does not count: waiting is what helps.
 */
export function chatRateCheck(sentAt: readonly number[], now: number, rate: ChatRate) {
  const recent = sentAt.filter((at) => at > now - rate.windowMs && at <= now);
  if (recent.length >= rate.max) return { allowed: false as const, sentAt: recent };
  return { allowed: true as const, sentAt: [...recent, now] };
}
