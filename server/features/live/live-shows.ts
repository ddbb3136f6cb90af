import { LIVE_ANSWER_WITHIN_MS, LIVE_HEARTBEAT_TIMEOUT_MS } from '#common/constants.ts';
import type { PresenceChange } from '#server/features/shows/presence.ts';
import type { SdpAnswer, SdpOffer } from '#server/live/sfu.ts';
import type { EndedSessions } from '#server/realtime/hub.ts';
import type { LiveShow, LiveShowsDeps, OnAir, View, Viewer } from './live-model.ts';
import { VIEWS_PER_SESSION } from './live-model.ts';
import { liveRefused, sfuRefusal } from './refusals.ts';
import { subscriptionIdFor } from './subscription-ids.ts';

/**
 * The live-shows layer between signalling (routes.ts) and the SFU: who may watch what, which
 * performer holds which show, and ending every subscription the moment its viewer may no longer
 * watch (show offline, free chat switched off, session ended). The SFU knows neither shows nor
 * people; this layer knows no SDP beyond passing it on.
 */
export class LiveShows {
  private readonly views = new Map<string, View>();
  private readonly onAir = new Map<string, OnAir>();
  private readonly now: () => number;

  constructor(private readonly deps: LiveShowsDeps) {
    this.now = deps.now ?? Date.now;
  }

  // --- viewers -------------------------------------------------------------------------------

  async watch(show: LiveShow, viewer: Viewer) {
    const { sfu } = this.deps;
    // Who may watch was decided when her chat session started; its end ends this stream.
    if (show.online && this.onAir.get(show.universalId)?.interrupted) throw liveRefused('interrupted');
    if (!show.online || !sfu.isLive(show.universalId)) throw liveRefused('chat.show_not_available');
    // A new view of the same show replaces her old one (a reload, a reconnect); tabs are bounded.
    const own = [...this.views.values()].filter((v) => v.viewer.sessionId === viewer.sessionId);
    for (const old of own.filter((v) => v.showId === show.universalId)) await this.drop(old.id);
    const others = own.filter((v) => v.showId !== show.universalId);
    for (const old of others.slice(0, Math.max(0, others.length - (VIEWS_PER_SESSION - 1)))) await this.drop(old.id);
    if (this.views.size >= this.deps.maxViewers) throw liveRefused('unavailable');

    const view: View = {
      id: subscriptionIdFor(show.id),
      sfuId: '',
      showId: show.universalId,
      viewer,
      since: this.now(),
      connected: false,
      answered: false,
      timer: null,
    };
    const { subscriptionId, offer } = await sfu
      .subscribe({
        showId: show.universalId,
        viewerId: viewer.nickname,
        onEvent: (event) => {
          if (event.type === 'connected') view.connected = true;
          else if (event.type === 'ended') this.forget(view);
        },
      })
      .catch((error: unknown) => {
        throw sfuRefusal(error);
      });
    view.sfuId = subscriptionId;
    this.views.set(view.id, view);
    // An offer nobody answers holds a socket: dropped after a while.
    view.timer = setTimeout(() => {
      if (!view.answered) void this.drop(view.id);
    }, LIVE_ANSWER_WITHIN_MS);
    view.timer.unref();
    const stats = sfu.isLive(show.universalId) ? sfu.stats(show.universalId) : null;
    return { subscriptionId: view.id, offer, paused: stats?.paused ?? false, kinds: stats?.kinds ?? [] };
  }

  /** Her browser's answer to the SFU's offer; only the session that asked may answer. */
  async answer(subscriptionId: string, sessionId: string, answer: SdpAnswer): Promise<void> {
    const view = this.ownView(subscriptionId, sessionId);
    await this.deps.sfu.acceptAnswer(view.sfuId, answer).catch((error: unknown) => {
      throw sfuRefusal(error);
    });
    view.answered = true;
    if (view.timer) clearTimeout(view.timer);
  }

  async leave(subscriptionId: string, sessionId: string): Promise<void> {
    this.ownView(subscriptionId, sessionId);
    await this.drop(subscriptionId);
  }

  /**
   * Sessions that ended on the server (logout, password change, block) watch nothing more; a
   * performer whose studio session ended goes off air.
   */
  sessionsEnded(ended: EndedSessions): void {
    if ('performerSessionId' in ended) {
      for (const [key, entry] of [...this.onAir]) {
        if (entry.sessionId !== ended.performerSessionId) continue;
        void this.stop({ id: entry.showId, universalId: key, online: true, free: false }).catch((err: unknown) =>
          this.deps.log.warn({ err, show: key }, 'ending a signed-out performer failed'),
        );
      }
      return;
    }
    // An operator's console session watches no show.
    if ('operatorSessionId' in ended) return;
    for (const view of [...this.views.values()]) {
      const { sessionId, userId } = view.viewer;
      const gone =
        'sessionId' in ended
          ? sessionId === ended.sessionId
          : userId === ended.userId && sessionId !== ended.exceptSessionId;
      if (gone) void this.drop(view.id);
    }
  }

  /**
   * Ends the views of the show whose viewer the predicate picks (the performer kicked or banned
   * them); answers how many ended. Views of other shows go on.
   */
  dropViewers(showUniversalId: string, picked: (viewer: Pick<Viewer, 'sessionId' | 'userId'>) => boolean): number {
    const gone = [...this.views.values()].filter((v) => v.showId === showUniversalId && picked(v.viewer));
    for (const view of gone) {
      void this.drop(view.id).catch((err: unknown) =>
        this.deps.log.warn({ err, show: showUniversalId }, 'ending a removed viewer failed'),
      );
    }
    return gone.length;
  }

  // --- performers ----------------------------------------------------------------------------

  /**
   * Her camera's offer: her show goes on air (replacing a demo stream or her own older one) and
   * online. The show's publication is claimed for this process first; `unanswered` names a holder
   * that did not answer the call passed on to it (treated as gone).
   */
  async publish(
    show: LiveShow,
    performer: { id: number; sessionId: string },
    offer: SdpOffer,
    unanswered: string | null = null,
  ) {
    const performerId = performer.id;
    const { sfu } = this.deps;
    const key = show.universalId;
    // Her stream replaces one (her media server was lost, or her studio reloaded): its viewers
    // are told to watch again at once instead of waiting to notice a dead connection.
    const previous = this.onAir.get(key);
    const restarted = Boolean(previous?.interrupted) || sfu.isLive(key);
    const entry: OnAir = {
      showId: show.id,
      performerId,
      sessionId: performer.sessionId,
      publicationId: null,
      paused: false,
      lastSeen: this.now(),
      packetsIn: 0,
      interrupted: false,
    };
    // Claimed before the first await: a demo stream no longer starts for her show.
    this.onAir.set(key, entry);
    // Another process took the show meanwhile (her other tab there): hers is on air there.
    if (!(await this.deps.publications.claim(key, 'camera', unanswered).catch(() => false))) {
      if (this.onAir.get(key) === entry) this.onAir.delete(key);
      throw liveRefused('not_on_air');
    }
    if (sfu.isLive(key)) await sfu.stopPublication(key).catch(() => undefined);
    let answer: SdpAnswer;
    try {
      const published = await sfu.publish({
        showId: key,
        offer,
        onEvent: (event) => {
          // Her browser's connection failed: her studio notices, and reconnects or leaves.
          if (event.type !== 'ended') return;
          entry.publicationId = null;
          // Her media server went away: her studio hears it at its next poll and publishes again.
          if (event.reason === 'sfu_closed' && this.onAir.get(key) === entry) this.interrupt(key, entry);
        },
      });
      entry.publicationId = published.publicationId;
      answer = published.answer;
    } catch (error) {
      if (this.onAir.get(key) === entry) {
        this.onAir.delete(key);
        await this.deps.publications.release(key);
      }
      throw sfuRefusal(error);
    }
    // Another tab of hers took over meanwhile (and ended this publication): that one is on air.
    if (this.onAir.get(key) !== entry) throw liveRefused('not_on_air');
    await this.deps.setOnline(show.id, true);
    this.deps.announce({ [key]: restarted ? { paused: false, restarted } : { paused: false } });
    // Her picture is back (after an interruption): the paid minutes move on by the gap.
    await this.deps.publications
      .resumed(key)
      .catch((err: unknown) =>
        this.deps.log.warn({ err, show: key }, 'resuming the billing after an interruption failed'),
      );
    this.deps.log.info({ performerId, show: key }, 'performer on air');
    return { answer };
  }

  async pause(show: LiveShow, paused: boolean): Promise<void> {
    const entry = this.onAir.get(show.universalId);
    if (!entry?.publicationId || !this.deps.sfu.isLive(show.universalId)) throw liveRefused('not_on_air');
    this.deps.sfu.setPaused(show.universalId, paused);
    entry.paused = paused;
    entry.lastSeen = this.now();
    this.deps.announce({ [show.universalId]: { paused } });
    // Chat starts and show pages answered by other processes read it from the publication's row.
    await this.deps.publications.setPaused(show.universalId, paused);
  }

  /** She goes offline: the stream ends for every viewer and the show is offline. */
  async stop(show: LiveShow): Promise<void> {
    this.onAir.delete(show.universalId);
    if (this.deps.sfu.isLive(show.universalId)) await this.deps.sfu.stopPublication(show.universalId);
    await this.deps.publications.release(show.universalId);
    await this.deps.setOnline(show.id, false);
  }

  /**
   * Another process took the show's publication (it thought this one gone): the copy here ends,
   * and the show stays online, held there.
   */
  lost(universalId: string): void {
    this.onAir.delete(universalId);
    if (this.deps.sfu.isLive(universalId)) void this.deps.sfu.stopPublication(universalId).catch(() => undefined);
  }

  private interrupt(key: string, entry: OnAir): void {
    entry.interrupted = true;
    this.deps.log.warn(
      { performerId: entry.performerId, show: key },
      'media server lost: waiting for her studio to publish again',
    );
    void this.deps.publications
      .interrupt(key)
      .catch((err: unknown) => this.deps.log.warn({ err, show: key }, 'marking an interruption failed'));
  }

  /**
   * Her stream as the server sees it; each call also says her studio is still open. `republish`:
   * the media server carrying it went away, and her studio is to publish again.
   */
  state(show: LiveShow) {
    const entry = this.onAir.get(show.universalId);
    if (entry) entry.lastSeen = this.now();
    const live = Boolean(entry?.publicationId) && this.deps.sfu.isLive(show.universalId);
    const viewers = [...this.views.values()]
      .filter((v) => v.showId === show.universalId && v.connected)
      .sort((a, b) => a.since - b.since)
      .map((v) => ({ nickname: v.viewer.nickname }));
    const republish = !live && entry?.interrupted === true;
    return { live, paused: live && (entry?.paused ?? false), viewers, ...(republish ? { republish } : {}) };
  }

  /** Her stream reaches the server now, in this process or another (a demo stream counts). */
  async isOnAir(universalId: string): Promise<boolean> {
    return this.deps.sfu.isLive(universalId) || (await this.deps.publications.state(universalId)) !== null;
  }

  async isPaused(universalId: string): Promise<boolean> {
    if (this.deps.sfu.isLive(universalId)) return this.deps.sfu.stats(universalId).paused;
    return (await this.deps.publications.state(universalId))?.paused ?? false;
  }

  /** A chat session ended: the streams it opened end at once. */
  dropChatSession(chatSessionId: string): void {
    for (const view of [...this.views.values()]) {
      if (view.viewer.chatSessionId === chatSessionId) void this.drop(view.id);
    }
  }

  /** Whether a performer holds the show (then demo streams leave it alone). */
  ownsShow(universalId: string): boolean {
    return this.onAir.has(universalId);
  }

  /**
   * Performers who are gone (tab closed, device or network lost) are taken off air and offline: no
   * state asked for and no media received for a while. Media counts too, because a browser slows
   * the timers of a studio in a background tab while its camera still streams.
   */
  async sweep(): Promise<void> {
    const now = this.now();
    const cutoff = now - LIVE_HEARTBEAT_TIMEOUT_MS;
    for (const [key, entry] of [...this.onAir]) {
      const packetsIn = entry.publicationId && this.deps.sfu.isLive(key) ? this.deps.sfu.stats(key).packetsIn : 0;
      if (packetsIn > entry.packetsIn) entry.lastSeen = now;
      entry.packetsIn = packetsIn;
      if (entry.lastSeen >= cutoff) continue;
      this.deps.log.info({ performerId: entry.performerId, show: key }, 'studio gone: show offline');
      await this.stop({ id: entry.showId, universalId: key, online: true, free: false });
    }
    await this.dropEndedChats();
  }

  /** Streams whose chat session ended, wherever it ended, end too. */
  private async dropEndedChats(): Promise<void> {
    const views = [...this.views.values()];
    if (!views.length) return;
    const open = await this.deps.openChatSessions([...new Set(views.map((v) => v.viewer.chatSessionId))]);
    for (const view of views) {
      if (!open.has(view.viewer.chatSessionId) && this.views.get(view.id) === view) await this.drop(view.id);
    }
  }

  /** Show changes from anywhere (studio, sandbox studio, demo presence, operators). */
  showsChanged(change: PresenceChange): void {
    for (const [key, update] of Object.entries(change)) {
      if (update.online === false) {
        this.onAir.delete(key);
        if (this.deps.sfu.isLive(key)) void this.deps.sfu.stopPublication(key).catch(() => undefined);
        void this.deps.publications
          .release(key)
          .catch((err: unknown) => this.deps.log.warn({ err, show: key }, 'releasing a publication failed'));
      }
      // Free chat switched off: the free viewers leave (paid sessions bring their own rights).
      if (update.free === false) {
        for (const view of [...this.views.values()]) {
          if (view.showId === key && view.viewer.kind === 'free') void this.drop(view.id);
        }
      }
    }
  }

  /** The SFU's figures of a show on air (counts of packets, viewers), for tests and diagnostics. */
  stats(universalId: string) {
    return this.deps.sfu.stats(universalId);
  }

  viewerCount(): number {
    return this.views.size;
  }

  async close(): Promise<void> {
    for (const view of this.views.values()) if (view.timer) clearTimeout(view.timer);
    this.onAir.clear();
    await this.deps.sfu.close();
    // Every publication of this process ended with its SFU.
    await this.deps.publications
      .releaseAll()
      .catch((err: unknown) => this.deps.log.warn({ err }, 'releasing the publications failed'));
  }

  // --- bookkeeping ---------------------------------------------------------------------------

  private ownView(subscriptionId: string, sessionId: string): View {
    const view = this.views.get(subscriptionId);
    // Someone else's subscription is as unknown as one that never was.
    if (!view || view.viewer.sessionId !== sessionId) throw liveRefused('unknown_subscription');
    return view;
  }

  private async drop(subscriptionId: string): Promise<void> {
    const view = this.views.get(subscriptionId);
    if (!view) return;
    this.forget(view);
    await this.deps.sfu.unsubscribe(view.sfuId);
  }

  private forget(view: View): void {
    if (view.timer) clearTimeout(view.timer);
    if (this.views.get(view.id) === view) this.views.delete(view.id);
  }
}
