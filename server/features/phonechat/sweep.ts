import { type AnyColumn, and, eq, lt, sql } from 'drizzle-orm';
import { phoneChatCalls } from '#server/db/schema/phonechat.ts';
import type { PeriodicJob } from '#server/features/jobs/scheduler.ts';
import type { PhoneChatCallView } from './data.ts';
import { hangUpPhoneChat, type PhoneChatDeps } from './mutations.ts';

/** A call nobody answered this long is missed, and she is free for the next caller. */
export const RING_TIMEOUT_MS = 45_000;
/** How often the line is swept. */
export const SWEEP_EVERY_MS = 15_000;

type Log = { info: (obj: object, msg: string) => void };
export type Swept = { missed: number[]; ended: number[] };
/** Told of every call the sweep closed: a real line ends it at the provider too (decision 060). */
export type OnSwept = (call: PhoneChatCallView) => Promise<void>;

/**
 * Ends the calls the line would otherwise keep open: one still ringing after RING_TIMEOUT_MS
 * becomes `missed` (a caller who walked away must not block her), one talking longer than the
 * maximum talk time is ended there and billed up to it. Through hangUpPhoneChat, so a call
 * hung up meanwhile by either side (or by another process's sweep) is left as it is.
 */
export async function sweepPhoneChatCalls(
  deps: PhoneChatDeps,
  maxTalkMinutes: number,
  at?: Date,
  onSwept?: OnSwept,
): Promise<Swept> {
  const clock = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const maxSeconds = maxTalkMinutes * 60;
  const due = (state: 'connecting' | 'busy', since: AnyColumn, ms: number) =>
    deps.db
      .select({ id: phoneChatCalls.id })
      .from(phoneChatCalls)
      .where(and(eq(phoneChatCalls.state, state), lt(since, sql`${clock} - make_interval(secs => ${ms / 1000})`)))
      .limit(100);
  const ringing = await due('connecting', phoneChatCalls.startedAt, RING_TIMEOUT_MS);
  const talking = await due('busy', phoneChatCalls.answeredAt, maxSeconds * 1000);
  const swept: Swept = { missed: [], ended: [] };
  for (const { id } of ringing) {
    const call = await hangUpPhoneChat(deps, id, { at });
    if (call) swept.missed.push(id);
    if (call && onSwept) await onSwept(call);
  }
  for (const { id } of talking) {
    const call = await hangUpPhoneChat(deps, id, { at, maxSeconds });
    if (call) swept.ended.push(id);
    if (call && onSwept) await onSwept(call);
  }
  return swept;
}

/** The sweep every SWEEP_EVERY_MS, in one of the processes (a periodic job, decision 050). */
export function phoneChatSweepJob(
  deps: PhoneChatDeps,
  maxTalkMinutes: number,
  log: Log,
  onSwept?: OnSwept,
): PeriodicJob {
  return {
    everyMs: SWEEP_EVERY_MS,
    leaseMs: 5 * 60_000,
    run: async () => {
      const swept = await sweepPhoneChatCalls(deps, maxTalkMinutes, undefined, onSwept);
      if (swept.missed.length || swept.ended.length) log.info(swept, 'phone-chat calls swept');
    },
  };
}
