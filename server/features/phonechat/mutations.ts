import { and, eq, sql } from 'drizzle-orm';
import {
  FIRST_PHONE_EXTENSION,
  LAST_PHONE_EXTENSION,
  PHONE_EXTENSION,
  phoneChatAmountCents,
} from '#common/domain/phone-chat.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { phoneChatCalls } from '#server/db/schema/phonechat.ts';
import type { Presence } from '#server/features/shows/presence.ts';
import { findPhoneChatCall, type PhoneChatCallView, showByExtension } from './data.ts';

export type PhoneChatDeps = { db: Db; presence: Presence };
export type Tariff = { pricePerMinuteCents: number; currency: string };

/** What the line answers a caller who keyed in an extension. */
export type DialResult =
  | { kind: 'unknown_extension' }
  | { kind: 'not_taking_calls'; showName: string; extension: string }
  | { kind: 'busy'; showName: string; extension: string }
  | { kind: 'connecting'; call: PhoneChatCallView };

/**
 * Tells open pages her new phone state (show:bulkupdate). `now`: at once, for a person at the
 * studio waiting on her own click; a dial goes with the normal batch window, so a flood of dials
 * cannot make every page's socket send once per dial.
 */
function announce(deps: PhoneChatDeps, universalId: string, connecting: boolean, busy: boolean, now = true) {
  deps.presence.queue({ [universalId]: { phoneChatConnecting: connecting, phoneChatBusy: busy } });
  if (now) deps.presence.flush();
}

/**
 * A caller keyed in an extension. She is claimed in one conditional update (takes calls, nobody
 * being put through, not talking), so two callers at once cannot both reach her; the loser hears
 * "busy". The call row starts as connecting with the line's tariff.
 */
export async function dialExtension(
  deps: PhoneChatDeps,
  d: { extension: string; provider: string; providerCallId: string; tariff: Tariff; now?: Date },
): Promise<DialResult> {
  const extension = d.extension.trim();
  const show = PHONE_EXTENSION.test(extension) ? await showByExtension(deps.db, extension) : null;
  if (!show) return { kind: 'unknown_extension' };
  const id = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(shows)
      .set({ phoneChatConnecting: true })
      .where(
        and(
          eq(shows.id, show.id),
          eq(shows.online, true),
          eq(shows.phoneChatOn, true),
          eq(shows.phoneChatConnecting, false),
          eq(shows.phoneChatBusy, false),
        ),
      )
      .returning({ id: shows.id });
    if (claimed.length === 0) return null;
    const [call] = await tx
      .insert(phoneChatCalls)
      .values({
        showId: show.id,
        provider: d.provider,
        providerCallId: d.providerCallId,
        // The database's clock unless a test fixes the time.
        ...(d.now ? { startedAt: d.now } : {}),
        pricePerMinuteCents: d.tariff.pricePerMinuteCents,
        currency: d.tariff.currency,
      })
      .returning({ id: phoneChatCalls.id });
    return call?.id ?? null;
  });
  if (id === null) {
    // Read again: what stopped the claim decides the announcement.
    const now = await showByExtension(deps.db, extension);
    if (now?.online && now.phoneChatOn) return { kind: 'busy', showName: show.showName, extension };
    return { kind: 'not_taking_calls', showName: show.showName, extension };
  }
  announce(deps, show.universalId, true, false, false);
  const call = await findPhoneChatCall(deps.db, id);
  if (!call) throw new Error('phone chat call vanished');
  return { kind: 'connecting', call };
}

/** She picks up: the talk time starts. False when the call is not being put through any more. */
export async function answerPhoneChat(deps: PhoneChatDeps, callId: number, at?: Date): Promise<boolean> {
  const call = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(phoneChatCalls)
      .set({ state: 'busy', answeredAt: at ?? sql`now()` })
      .where(and(eq(phoneChatCalls.id, callId), eq(phoneChatCalls.state, 'connecting')))
      .returning({ showId: phoneChatCalls.showId });
    if (!row) return null;
    await tx.update(shows).set({ phoneChatConnecting: false, phoneChatBusy: true }).where(eq(shows.id, row.showId));
    return row;
  });
  if (!call) return false;
  const view = await findPhoneChatCall(deps.db, callId);
  if (view) announce(deps, view.universalId, false, true);
  return true;
}

/**
 * Either side hangs up. An answered call becomes `ended` with its talk time and what the carrier
 * bills the caller (every started minute, common/domain/phone-chat.ts); an unanswered one is
 * `missed` and costs nothing. She is available again. Null when the call was over already, so a
 * second report of the same end (a provider's retry, the sweep) changes nothing.
 * `talkSeconds`: the line's own count (Twilio's CallDuration) instead of the database clock's; a
 * positive one also means she answered, should the report of her answer have been lost.
 */
export async function hangUpPhoneChat(
  deps: PhoneChatDeps,
  callId: number,
  opts: { at?: Date; maxSeconds?: number; talkSeconds?: number | null } = {},
): Promise<PhoneChatCallView | null> {
  // The database's clock, not this process's: processes' clocks differ, the talk time must not.
  const clock = opts.at ? sql`${opts.at.toISOString()}::timestamptz` : sql`now()`;
  const ended = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        call: phoneChatCalls,
        talked: sql<number>`greatest(0, round(extract(epoch from ${clock} - ${phoneChatCalls.answeredAt})))::int`,
      })
      .from(phoneChatCalls)
      .where(eq(phoneChatCalls.id, callId))
      .for('update');
    if (!locked || (locked.call.state !== 'connecting' && locked.call.state !== 'busy')) return null;
    const reported = opts.talkSeconds ?? null;
    const answered = locked.call.answeredAt !== null || (reported !== null && reported > 0);
    const talked = reported ?? (answered ? Number(locked.talked) : 0);
    const seconds = opts.maxSeconds === undefined ? talked : Math.min(talked, opts.maxSeconds);
    await tx
      .update(phoneChatCalls)
      .set({
        state: answered ? 'ended' : 'missed',
        ...(answered && locked.call.answeredAt === null
          ? { answeredAt: sql`${clock} - make_interval(secs => ${seconds})` }
          : {}),
        endedAt: clock,
        seconds,
        amountCents: phoneChatAmountCents(seconds, locked.call.pricePerMinuteCents),
      })
      .where(eq(phoneChatCalls.id, callId));
    await tx
      .update(shows)
      .set({ phoneChatConnecting: false, phoneChatBusy: false })
      .where(eq(shows.id, locked.call.showId));
    return true;
  });
  if (!ended) return null;
  const view = await findPhoneChatCall(deps.db, callId);
  if (view) announce(deps, view.universalId, false, false);
  return view;
}

/**
 * She takes calls, or stops taking them (the studio's switch). Only while online: offline she is
 * not there to answer (going offline switches it off, shows/mutations.ts). Answers what happened.
 */
export async function setTakingCalls(
  deps: PhoneChatDeps,
  showId: number,
  on: boolean,
): Promise<'changed' | 'same' | 'offline' | 'no_phone_chat'> {
  const [row] = await deps.db
    .update(shows)
    .set({ phoneChatOn: on })
    .where(
      and(
        eq(shows.id, showId),
        eq(shows.phoneChat, true),
        sql`${shows.phoneChatOn} <> ${on}`,
        on ? eq(shows.online, true) : undefined,
      ),
    )
    .returning({ universalId: shows.universalId });
  if (row) {
    // Sent with the normal batch: nobody waits on this page for it.
    deps.presence.queue({ [row.universalId]: { phoneChatOn: on } });
    return 'changed';
  }
  const [now] = await deps.db
    .select({ phoneChat: shows.phoneChat, online: shows.online, phoneChatOn: shows.phoneChatOn })
    .from(shows)
    .where(eq(shows.id, showId));
  if (!now?.phoneChat) return 'no_phone_chat';
  if (on && !now.online) return 'offline';
  return 'same';
}

/**
 * Phone chat turned on for a show (the studio; the seed plans the same rule with
 * nextFreeExtension): she keeps the extension she has, or gets the lowest free one of 1000 to
 * 9999. Two shows turned on at once may pick the same one: the unique index refuses the second,
 * which tries again. Null when every extension is taken (phone chat stays off).
 */
export async function assignPhoneExtension(deps: PhoneChatDeps, showId: number): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await deps.db
        .update(shows)
        .set({
          phoneChat: true,
          phoneExtension: sql`coalesce(${shows.phoneExtension}, (
            select min(n)::text from generate_series(${FIRST_PHONE_EXTENSION}::int, ${LAST_PHONE_EXTENSION}::int) as n
            where not exists (select 1 from ${shows} taken where taken.phone_extension = n::text)))`,
        })
        .where(
          and(
            eq(shows.id, showId),
            sql`(${shows.phoneExtension} is not null or exists (
              select 1 from generate_series(${FIRST_PHONE_EXTENSION}::int, ${LAST_PHONE_EXTENSION}::int) as n
              where not exists (select 1 from ${shows} taken where taken.phone_extension = n::text)))`,
          ),
        )
        .returning({ extension: shows.phoneExtension });
      return row?.extension ?? null;
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}
