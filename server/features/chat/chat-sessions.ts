import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatSessionState, ChatStartAnswer } from '#common/api/chat.ts';
import { CHAT_HEARTBEAT_MS, CHAT_RELOAD_GRACE_MS, isPartnerProvider } from '#common/constants.ts';
import { chatKind, chatPrice, chatRequest, chatStartRefusal } from '#common/domain/chat-session.ts';
import type { Config } from '#server/config.ts';
import type { Tx } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { notFound } from '#server/errors.ts';
import { announceBalance, type CoinDeps } from '#server/features/coins/mutations.ts';
import type { LiveShows } from '#server/features/live/live-shows.ts';
import type { Presence, PresenceChange } from '#server/features/shows/presence.ts';
import type { EndedSessions } from '#server/realtime/hub.ts';
import { billDueMinutes } from './billing.ts';
import { joinCredential, validCredential } from './credentials.ts';
import {
  type ChatSessionRow,
  type ChatShowFacts,
  chatShowFacts,
  countOpenVoyeurs,
  findChatSession,
  openSessionsOf,
  openSessionsOfShow,
  runningPrivate,
  sessionEarnings,
  sessionsWithShows,
  walletBalance,
} from './data.ts';
import { keepGuestName } from './guest-names.ts';
import {
  type EndReason,
  endExpiredGuestSessions,
  endSessions,
  endSilentSessions,
  markPageGone,
  type Silence,
  settleSessionsOfNode,
  startSession,
  touchSession,
} from './mutations.ts';
import { presentSession, presentStudioSession } from './present.ts';
import { chatRefused } from './refusals.ts';
import { bannedFromShow, type Starter, starterFacts } from './starters.ts';

/**
 * A minute is billed only to a page heard from within a beat and a half: one that missed a beat
 * is not billed until it beats again (the minute waits, it is not lost), nor ever if it has gone.
 */
const BILLED_IF_SEEN_WITHIN_MS = CHAT_HEARTBEAT_MS * 1.5;

export type ChatSessionsDeps = CoinDeps & {
  live: LiveShows;
  presence: Presence;
  settings: Config['chat'];
  /** Key of the join credentials. */
  credentialKey: string;
  log: FastifyBaseLogger;
  now?: () => number;
};

/**
 * Chat sessions (spec part 2 section 4 "Chat"; decision 020): starting with the spec's refusals,
 * the minute tick, the sweep of silent sessions, and every way a session ends. Each end also ends
 * the session's stream (the live layer), tells the member (`chat:session`), and takes the show out
 * of private mode when its private ended. Reads `deps` at call time: realtime is attached late.
 */
export class ChatSessions {
  private readonly now: () => number;

  constructor(private readonly deps: ChatSessionsDeps) {
    this.now = deps.now ?? Date.now;
  }

  private get db() {
    return this.deps.db;
  }

  // --- members and guests --------------------------------------------------------------------

  /**
   * `freeGranted`: a referral code (features/referrals) lets this visitor into her free chat even
   * while she has it switched off; every other rule still applies.
   */
  async start(
    universalId: string,
    type: string,
    starter: Starter,
    opts: { freeGranted?: boolean } = {},
  ): Promise<ChatStartAnswer> {
    const request = chatRequest(type);
    if (!request) throw chatRefused('chat.invalid_session_type');
    const show = await chatShowFacts(this.db, universalId);
    // A partner show's chat is the partner's (features/chat-external): there is no native one.
    if (!show || isPartnerProvider(show.contentproviderId)) throw notFound();
    const now = new Date(this.now());
    const running = await runningPrivate(this.db, show.id);
    const privateMode = running ? (running.kind === 'exclusive' ? 'exclusive' : 'private') : null;
    const state = {
      online: show.online,
      onAir: await this.deps.live.isOnAir(universalId),
      paused: await this.deps.live.isPaused(universalId),
      free: show.free || opts.freeGranted === true,
      flags: { exclusive: show.exclusive },
      pricePerMinute: show.pricePerMinute,
      priceFactorExclusive: show.priceFactorExclusive,
      privateMode,
    } as const;
    const who = await starterFacts(this.db, starter, show, this.deps.settings.freeGuestSeconds, now);
    if (await bannedFromShow(this.db, show.id, starter, now)) throw chatRefused('chat.banned');
    const refusal = chatStartRefusal(request, state, who.starter, this.deps.settings.voyeurPercent);
    if (refusal) throw chatRefused(refusal);

    const kind = chatKind(request, state);
    const started = await startSession(this.deps, {
      showId: show.id,
      userId: starter.user?.id ?? null,
      webSessionId: starter.webSessionId,
      guest: who.guest,
      nickname: who.nickname,
      kind,
      pricePerMinute: chatPrice(kind, state, this.deps.settings.voyeurPercent),
      sharePercent: this.deps.settings.performerSharePercent,
      minuteSeconds: this.deps.settings.minuteSeconds,
      node: this.deps.settings.node,
      now,
    });
    if (!started.ok) {
      throw chatRefused(
        started.refusal === 'chat.show_not_available_private' && privateMode === 'exclusive'
          ? 'chat.show_not_available_exclusive_in_use'
          : started.refusal,
      );
    }
    const { session } = started;
    if (who.guest) await keepGuestName(this.db, starter.webSessionId, who.nickname, universalId);
    if (started.balance !== null && session.userId !== null)
      announceBalance(this.deps, session.userId, started.balance);
    if (started.earnings) announceBalance(this.deps, started.earnings.userId, started.earnings.balance);
    if (kind === 'private' || kind === 'exclusive') await this.enterPrivateMode(show, session);
    this.deps.log.info({ chatSession: session.id, show: universalId, kind }, 'chat session started');
    return {
      realm: `chat:${session.id}`,
      login: session.id,
      password: joinCredential(this.deps.credentialKey, session.id, this.now()),
      session_type: kind,
      buddyaddr: universalId,
      session: this.present(session, universalId, started.balance),
    };
  }

  /** The client's heartbeat: the session's state and a fresh credential; unknown to anyone but its browser. */
  async heartbeat(id: string, webSessionId: string): Promise<{ session: ChatSessionState; password: string }> {
    const row = await this.ownSession(id, webSessionId);
    const seen = row.endedAt === null ? ((await touchSession(this.db, id, new Date(this.now()))) ?? row) : row;
    return {
      session: await this.presentWithBalance(seen),
      password: joinCredential(this.deps.credentialKey, id, this.now()),
    };
  }

  async stop(id: string, webSessionId: string): Promise<ChatSessionState> {
    const row = await this.ownSession(id, webSessionId);
    const [ended] = await this.end([row.id], 'stopped');
    return this.presentWithBalance(ended ?? (await findChatSession(this.db, id)) ?? row);
  }

  /** The open session a watch request presents, when its credential and browser fit the show. */
  async sessionToWatch(universalId: string, login: string, password: string, webSessionId: string) {
    if (!validCredential(this.deps.credentialKey, login, password, this.now())) return null;
    const row = await findChatSession(this.db, login);
    if (!row || row.endedAt !== null || row.webSessionId !== webSessionId) return null;
    const show = await chatShowFacts(this.db, universalId);
    return show && show.id === row.showId ? row : null;
  }

  /** The session of this browser, or 404: somebody else's is as unknown as none. */
  async ownSession(id: string, webSessionId: string): Promise<ChatSessionRow> {
    const row = await findChatSession(this.db, id);
    if (!row || row.webSessionId !== webSessionId) throw notFound();
    return row;
  }

  // --- performers ----------------------------------------------------------------------------

  /** The private running in her show, for her studio. */
  async studioSession(showId: number) {
    const row = await runningPrivate(this.db, showId);
    if (!row) return null;
    const [voyeurs, earnings] = await Promise.all([countOpenVoyeurs(this.db, showId), sessionEarnings(this.db, row)]);
    return presentStudioSession(row, { voyeurs, earnings });
  }

  /** She ends the private in her show (its voyeurs' sessions end with it). */
  async endPrivateOf(showId: number): Promise<void> {
    const row = await runningPrivate(this.db, showId);
    if (row) await this.end([row.id], 'chat.ended_by_performer');
  }

  /** The performer removed someone from her show: their open sessions on it end. */
  async kick(universalId: string, who: { userId: number | null; webSessionId: string | null }): Promise<void> {
    const show = await chatShowFacts(this.db, universalId);
    if (!show) return;
    const open = await openSessionsOfShow(this.db, show.id);
    const theirs = open.filter(
      (s) =>
        (who.userId !== null && s.userId === who.userId) ||
        (who.webSessionId !== null && s.webSessionId === who.webSessionId),
    );
    await this.end(
      theirs.map((s) => s.id),
      'chat.kicked',
    );
  }

  /** Show changes from anywhere: offline ends every session of the show, free chat switched off its free ones. */
  async showsChanged(change: PresenceChange): Promise<void> {
    for (const [universalId, update] of Object.entries(change)) {
      if (update.online !== false && update.free !== false) continue;
      const show = await chatShowFacts(this.db, universalId);
      if (!show) continue;
      const open = await openSessionsOfShow(this.db, show.id);
      if (update.online === false)
        await this.end(
          open.map((s) => s.id),
          'chat.show_offline',
        );
      else
        await this.end(
          open.filter((s) => s.kind === 'free').map((s) => s.id),
          'chat.ended_by_performer',
        );
    }
  }

  /** Browser sessions that ended on the server (logout, password change, block) end their chat sessions. */
  async sessionsEnded(ended: EndedSessions): Promise<void> {
    if ('performerSessionId' in ended || 'operatorSessionId' in ended) return;
    const open = await openSessionsOf(this.db, ended);
    await this.end(
      open.map((s) => s.id),
      'stopped',
    );
  }

  // --- the clock -----------------------------------------------------------------------------

  /**
   * Ends the sessions whose page has gone, then bills every minute due now (in batches) and ends
   * the sessions whose members cannot pay. Runs every second, so a silent session ends within a
   * second of its timeout and never pays a minute it had gone before.
   */
  async tick(): Promise<{ billed: number; ended: number }> {
    const now = new Date(this.now());
    let ended = await this.sweep();
    let billed = 0;
    const seenSince = new Date(now.getTime() - BILLED_IF_SEEN_WITHIN_MS);
    for (;;) {
      const batch = 2_000;
      const result = await billDueMinutes(this.db, now, seenSince, batch);
      billed += result.billed.length;
      const rows = await sessionsWithShows(
        this.db,
        result.billed.map((m) => m.sessionId),
      );
      for (const minute of result.billed) {
        announceBalance(this.deps, minute.userId, minute.balance);
        const found = rows.get(minute.sessionId);
        if (found) this.tell(found.session, found.universalId, minute.balance);
      }
      if (result.unpaid.length) {
        ended += (
          await this.end(
            result.unpaid.map((u) => u.sessionId),
            'chat.no_coins',
          )
        ).length;
      }
      if (result.billed.length + result.unpaid.length < batch) break;
    }
    const freeOver = new Date(now.getTime() - this.deps.settings.freeGuestSeconds * 1000);
    ended += (await this.afterEnded(await endExpiredGuestSessions(this.db, freeOver, now))).length;
    return { billed, ended };
  }

  /** Ends sessions whose client has gone: silent for the timeout, or its page gone and not back within the grace. */
  async sweep(): Promise<number> {
    const now = new Date(this.now());
    return (await this.afterEnded(await endSilentSessions(this.db, this.silence(now), now))).length;
  }

  /** The page of this browser's session is going away: no minute is billed until it is back. */
  async pageGone(id: string, webSessionId: string): Promise<void> {
    // Only its own browser's word counts (404 otherwise); an ended session stays as it is.
    await markPageGone(this.db, (await this.ownSession(id, webSessionId)).id, new Date(this.now()));
  }

  /** At start: the sessions this process held before it stopped are settled, none left open. */
  async settle(): Promise<number> {
    const rows = await settleSessionsOfNode(this.db, this.deps.settings.node, new Date(this.now()));
    if (rows.length) this.deps.log.info({ sessions: rows.length }, 'open chat sessions of the last run settled');
    return (await this.afterEnded(rows)).length;
  }

  /**
   * Another process's sessions: `claim` takes that process's row in a transaction (answering its
   * name, or null when there is nothing to take), and its open sessions are settled in the same
   * one, so they end exactly when the claim holds, by the one process that holds it. Then each
   * end goes on as any other: the streams dropped, the member told (through the socket adapter,
   * whichever process her page is on), the private mode left, its voyeurs ended.
   */
  async settleClaimed(claim: (tx: Tx) => Promise<string | null>): Promise<{ node: string; sessions: number } | null> {
    const now = new Date(this.now());
    const taken = await this.db.transaction(async (tx) => {
      const node = await claim(tx);
      if (node === null) return null;
      const rows = await settleSessionsOfNode(tx, node, now);
      return { node, rows };
    });
    if (!taken) return null;
    if (taken.rows.length)
      this.deps.log.info({ node: taken.node, sessions: taken.rows.length }, 'open chat sessions of a process settled');
    return { node: taken.node, sessions: (await this.afterEnded(taken.rows)).length };
  }

  // --- ending --------------------------------------------------------------------------------

  async end(ids: string[], reason: EndReason): Promise<ChatSessionRow[]> {
    return this.afterEnded(await endSessions(this.db, ids, reason, new Date(this.now())));
  }

  /** What follows an end: the stream stops, the member hears it, a private's show leaves private mode (and its voyeurs go). */
  private async afterEnded(rows: ChatSessionRow[]): Promise<ChatSessionRow[]> {
    for (const row of rows) {
      this.deps.live.dropChatSession(row.id);
      const universalId = await this.universalIdOf(row.showId);
      this.tell(row, universalId, null);
      if (row.kind !== 'private' && row.kind !== 'exclusive') continue;
      this.deps.presence.queue({ [universalId]: { privateMode: null } });
      const voyeurs = (await openSessionsOfShow(this.db, row.showId)).filter((s) => s.kind === 'voyeur');
      await this.end(
        voyeurs.map((s) => s.id),
        'chat.ended_private',
      );
    }
    return rows;
  }

  /** A private started: everyone else sees the show in private, and free viewers (all but voyeurs-to-be) leave. */
  private async enterPrivateMode(show: ChatShowFacts, session: ChatSessionRow) {
    this.deps.presence.queue({
      [show.universalId]: { privateMode: session.kind === 'exclusive' ? 'exclusive' : 'private' },
    });
    const others = (await openSessionsOfShow(this.db, show.id)).filter((s) => s.id !== session.id);
    await this.end(
      others.map((s) => s.id),
      'chat.ended_private',
    );
  }

  // --- helpers -------------------------------------------------------------------------------

  private silence(now: Date): Silence {
    const before = (ms: number) => new Date(now.getTime() - ms);
    const { heartbeatTimeoutSeconds, externalTimeoutSeconds } = this.deps.settings;
    return {
      silentSince: before(heartbeatTimeoutSeconds * 1000),
      externalSilentSince: before(externalTimeoutSeconds * 1000),
      goneBefore: before(CHAT_RELOAD_GRACE_MS),
    };
  }

  private async universalIdOf(showId: number): Promise<string> {
    const [row] = await this.db.select({ universalId: shows.universalId }).from(shows).where(eq(shows.id, showId));
    return row?.universalId ?? '';
  }

  private present(row: ChatSessionRow, universalId: string, balance: number | null) {
    return presentSession(row, {
      universalId,
      now: this.now(),
      balance,
      freeGuestSeconds: this.deps.settings.freeGuestSeconds,
    });
  }

  private async presentWithBalance(row: ChatSessionRow) {
    const balance = row.userId !== null && row.pricePerMinute > 0 ? await walletBalance(this.db, row.userId) : null;
    return this.present(row, await this.universalIdOf(row.showId), balance);
  }

  /** Pushes the session's state to its member's pages (guests read it from their heartbeat). */
  private tell(row: ChatSessionRow, universalId: string, balance: number | null) {
    if (row.userId === null) return;
    this.deps.realtime.toUser(row.userId, 'chat:session', this.present(row, universalId, balance));
  }
}
