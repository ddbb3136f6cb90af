import fp from 'fastify-plugin';
import { accountingRetentionJob as accountingRetention } from '#server/features/account-closing/retention.ts';
import { type DemoBroadcasts, startDemoBroadcasts } from '#server/features/live/demo-broadcasts.ts';
import { PUBLICATION_RENEW_MS } from '#server/features/live/publications.ts';
import { pictureRetentionJob as pictureRetention } from '#server/features/onboarding/retention.ts';
import { sessionSweepJob as expiredSessionSweep } from '#server/features/session/expiry-sweep.ts';
import { deleteTranscriptBefore } from '#server/features/showchat/mutations.ts';
import { demoPresenceJob as demoPresenceSteps } from '#server/features/shows/demo-presence.ts';
import { repeatEvery } from '#server/repeat.ts';

/**
 * The server's timed work, one plugin a job. Work that must happen once however many processes
 * run is a periodic job of the scheduler (plugins/scheduler.ts, decision 050), which runs each
 * period in one process. Work about what this process holds stays a timer of its own, stopped in
 * its preClose hook: before the sockets close (their plugin registers later, and preClose hooks
 * run in the order they were added), so nothing more is sent, and long before the database
 * closes. Tests run the sweeps and ticks with their own clock: under test none of them starts.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Puts the online demo performers on air, each streaming a clip of hers (started by a show's
     * first viewer), once the demo is seeded (main.ts); resolves when the shows online now are on
     * air. Nothing unless DEMO_BROADCASTS.
     */
    startDemoBroadcasts(): Promise<void>;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the chat transcript's old lines are deleted. */
const TRANSCRIPT_SWEEP_MS = 60 * 60 * 1000;
/** How often performers who are gone are taken off air. */
const LIVE_SWEEP_MS = 2_000;
/** How often chat minutes that came due are billed. */
const CHAT_TICK_MS = 1_000;

/** Per process on purpose: the clips stream through this process's own SFU. */
export const demoBroadcastsJob = fp(
  async (app) => {
    const ctx = app.ctx;
    let broadcasts: DemoBroadcasts | null = null;
    let stopAdopting: (() => Promise<void> | void) | null = null;
    app.decorate('startDemoBroadcasts', async () => {
      if (!ctx.config.demoBroadcasts || broadcasts) return;
      broadcasts = startDemoBroadcasts({
        db: ctx.db,
        storage: ctx.storage,
        sfu: ctx.sfu,
        presence: ctx.presence,
        log: app.log,
        ownsShow: (universalId) => ctx.live.ownsShow(universalId),
        publications: ctx.publications,
      });
      await broadcasts.ready;
      // Shows whose broadcasting process died are taken up here once their lease ran out.
      if (ctx.config.env === 'test') return;
      const running = broadcasts;
      stopAdopting = repeatEvery(
        PUBLICATION_RENEW_MS,
        () => running.adopt(),
        (err) => app.log.warn({ err }, 'demo broadcasts: adopting shows failed'),
      );
    });
    app.addHook('preClose', async () => {
      await stopAdopting?.();
      await broadcasts?.stop();
    });
  },
  { name: 'demo-broadcasts', dependencies: ['database', 'storage', 'presence', 'live'] },
);

/** Demo performers go on and off line by themselves (DEMO_PRESENCE), one step at a time across the processes. */
export const demoPresenceJob = fp(
  async (app) => {
    const { config, db, presence, scheduler } = app.ctx;
    if (!config.demoPresence) return;
    scheduler.every('demo-presence', demoPresenceSteps({ db, presence }));
  },
  { name: 'demo-presence', dependencies: ['database', 'presence', 'scheduler'] },
);

/**
 * Performers who are gone (no state asked for, no media received for a while) go off air and
 * offline. Per process on purpose: each sweeps the publications it holds itself.
 */
export const liveSweepJob = fp(
  async (app) => {
    const ctx = app.ctx;
    if (ctx.config.env === 'test') return;
    const stop = repeatEvery(
      LIVE_SWEEP_MS,
      () => ctx.live.sweep(),
      (err) => app.log.warn({ err }, 'live sweep failed'),
    );
    app.addHook('preClose', () => stop());
  },
  { name: 'live-sweep', dependencies: ['live'] },
);

/** This process's claims of live publications are renewed while it holds them (decision 051). */
export const publicationLeaseJob = fp(
  async (app) => {
    const ctx = app.ctx;
    if (ctx.config.env === 'test') return;
    const stop = repeatEvery(
      PUBLICATION_RENEW_MS,
      () => ctx.publications.renew(),
      (err) => app.log.warn({ err }, 'renewing the live publications failed'),
    );
    app.addHook('preClose', () => stop());
  },
  { name: 'publication-lease', dependencies: ['live'] },
);

/**
 * Chat minutes are billed as they come due (a second late at most), after the sessions whose
 * page has gone are ended (the tick sweeps first). The clock starts once the sessions this
 * process held before it stopped are settled: a tick first would bill the next minute of a
 * session whose stream died with the last run. Per process on purpose: every process ticks, and
 * the due sessions are shared out by their row locks (SKIP LOCKED), so a minute is billed once.
 */
export const chatClockJob = fp(
  async (app) => {
    const ctx = app.ctx;
    if (ctx.config.env === 'test') return;
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      await ctx.chat.settle();
      stop = repeatEvery(
        CHAT_TICK_MS,
        () => ctx.chat.tick(),
        (err) => app.log.error({ err }, 'chat billing tick failed'),
      );
    });
    app.addHook('preClose', async () => stop?.());
  },
  { name: 'chat-clock', dependencies: ['chat'] },
);

/** The chat transcript is kept for CHAT_TRANSCRIPT_DAYS (swept hourly, in one of the processes). */
export const transcriptSweepJob = fp(
  async (app) => {
    const { config, db, scheduler } = app.ctx;
    scheduler.every('chat-transcript-sweep', {
      everyMs: TRANSCRIPT_SWEEP_MS,
      run: (now) => deleteTranscriptBefore(db, new Date(now.getTime() - config.chat.transcriptDays * DAY_MS)),
    });
  },
  { name: 'transcript-sweep', dependencies: ['database', 'scheduler'] },
);

/** A rejected applicant's identity pictures go REJECTED_PICTURES_KEPT_DAYS after the decision. */
export const pictureRetentionJob = fp(
  async (app) => {
    const { db, storage, scheduler } = app.ctx;
    scheduler.every('identity-picture-retention', pictureRetention(db, storage, app.log));
  },
  { name: 'picture-retention', dependencies: ['database', 'storage', 'scheduler'] },
);

/**
 * An erased member's accounting records go ten years after the end of the year of their last
 * entry (decision 069); checked once a day.
 */
export const accountingRetentionJob = fp(
  async (app) => {
    const { db, scheduler } = app.ctx;
    scheduler.every('accounting-retention', accountingRetention(db, app.log));
  },
  { name: 'accounting-retention', dependencies: ['database', 'scheduler'] },
);

/** Browser sessions past their expiry are deleted once a day (features/session/expiry-sweep.ts). */
export const sessionSweepJob = fp(
  async (app) => {
    const { db, scheduler } = app.ctx;
    scheduler.every('expired-session-sweep', expiredSessionSweep(db, app.log));
  },
  { name: 'session-sweep', dependencies: ['database', 'scheduler'] },
);
