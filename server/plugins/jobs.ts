import fp from 'fastify-plugin';
import { type DemoBroadcasts, startDemoBroadcasts } from '#server/features/live/demo-broadcasts.ts';
import { PUBLICATION_RENEW_MS } from '#server/features/live/publications.ts';
import { startPictureRetention } from '#server/features/onboarding/retention.ts';
import { startSessionSweep } from '#server/features/session/expiry-sweep.ts';
import { deleteTranscriptBefore } from '#server/features/showchat/mutations.ts';
import { startDemoPresence } from '#server/features/shows/demo-presence.ts';
import { repeatEvery } from '#server/repeat.ts';

/**
 * The server's timed work, one plugin a job. Each stops in its preClose hook: before the sockets
 * close (their plugin registers later, and preClose hooks run in the order they were added), so
 * nothing more is sent, and long before the database closes. Tests run the sweeps and ticks with
 * their own clock: under test none of them starts.
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

/** Demo performers go on and off line by themselves (DEMO_PRESENCE). */
export const demoPresenceJob = fp(
  async (app) => {
    const { config, db, presence } = app.ctx;
    if (!config.demoPresence || config.env === 'test') return;
    const stop = startDemoPresence({ db, presence, log: app.log });
    app.addHook('preClose', async () => stop());
  },
  { name: 'demo-presence', dependencies: ['database', 'presence'] },
);

/** Performers who are gone (no state asked for, no media received for a while) go off air and offline. */
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
 * session whose stream died with the last run.
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

/** The chat transcript is kept for CHAT_TRANSCRIPT_DAYS. */
export const transcriptSweepJob = fp(
  async (app) => {
    const { config, db } = app.ctx;
    if (config.env === 'test') return;
    const stop = repeatEvery(
      TRANSCRIPT_SWEEP_MS,
      () => deleteTranscriptBefore(db, new Date(Date.now() - config.chat.transcriptDays * DAY_MS)),
      (err) => app.log.warn({ err }, 'chat transcript sweep failed'),
    );
    app.addHook('preClose', () => stop());
  },
  { name: 'transcript-sweep', dependencies: ['database'] },
);

/** A rejected applicant's identity pictures go REJECTED_PICTURES_KEPT_DAYS after the decision. */
export const pictureRetentionJob = fp(
  async (app) => {
    const { config, db, storage } = app.ctx;
    if (config.env === 'test') return;
    const stop = startPictureRetention(db, storage, app.log);
    app.addHook('preClose', () => stop());
  },
  { name: 'picture-retention', dependencies: ['database', 'storage'] },
);

/** Browser sessions past their expiry are deleted once a day (features/session/expiry-sweep.ts). */
export const sessionSweepJob = fp(
  async (app) => {
    const { config, db } = app.ctx;
    if (config.env === 'test') return;
    const stop = startSessionSweep(db, app.log);
    app.addHook('preClose', () => stop());
  },
  { name: 'session-sweep', dependencies: ['database'] },
);
