import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_ANSWER_WITHIN_MS } from '#common/constants.ts';
import type { PresenceChange } from '#server/features/shows/presence.ts';
import type { PublicationStats, PublishRequest, Sfu, SubscribeRequest } from '#server/live/sfu.ts';
import { type LiveShow, VIEWS_PER_SESSION, type Viewer } from './live-model.ts';
import { LiveShows } from './live-shows.ts';
import { showOfSubscription } from './subscription-ids.ts';

/**
 * The live layer's bookkeeping against an SFU double that records what it is asked (the media
 * itself runs through the real SFU in live-api.test.ts).
 */
function recordingSfu() {
  const live = new Set<string>();
  const subscriptions = new Map<string, SubscribeRequest>();
  let next = 0;
  const sfu = {
    /** The publishers' listeners, by show: a test ends a publication through them. */
    publishers: new Map<string, PublishRequest['onEvent']>(),
    async publish(request: PublishRequest) {
      live.add(request.showId);
      sfu.publishers.set(request.showId, request.onEvent);
      return { publicationId: `pub-${request.showId}`, answer: { type: 'answer' as const, sdp: 'v=0' } };
    },
    unsubscribed: [] as string[],
    /** The SFU's own ids, in the order the subscriptions opened. */
    opened: [] as string[],
    stopped: [] as string[],
    subscriptions,
    live,
    isLive: (showId: string) => live.has(showId),
    async subscribe(request: SubscribeRequest) {
      next += 1;
      const subscriptionId = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
      subscriptions.set(subscriptionId, request);
      sfu.opened.push(subscriptionId);
      return { subscriptionId, offer: { type: 'offer' as const, sdp: 'v=0' } };
    },
    async acceptAnswer() {},
    async unsubscribe(id: string) {
      sfu.unsubscribed.push(id);
      subscriptions.get(id)?.onEvent({ type: 'ended', reason: 'unsubscribed' });
      subscriptions.delete(id);
    },
    async stopPublication(showId: string) {
      sfu.stopped.push(showId);
      live.delete(showId);
    },
    stats: (showId: string) =>
      ({ showId, paused: false, kinds: ['video'], packetsIn: 0 }) as unknown as PublicationStats,
    setPaused() {},
    async close() {},
  };
  return sfu;
}

const show = (universalId: string, over: Partial<LiveShow> = {}): LiveShow => ({
  id: Number(universalId),
  universalId,
  online: true,
  free: true,
  ...over,
});

function liveShows(maxViewers = 100) {
  const sfu = recordingSfu();
  /** Chat sessions that ended (in another process, as far as the live layer knows). */
  const ended = new Set<string>();
  const announced: PresenceChange[] = [];
  const marks: string[] = [];
  const live = new LiveShows({
    sfu: sfu as unknown as Sfu,
    setOnline: async () => {},
    announce: (change) => announced.push(change),
    log: pino({ level: 'silent' }),
    maxViewers,
    openChatSessions: async (ids: string[]) => new Set(ids.filter((id) => !ended.has(id))),
    publications: {
      claim: async () => true,
      release: async () => {},
      releaseAll: async () => {},
      setPaused: async () => {},
      state: async () => null,
      interrupt: async (key: string) => {
        marks.push(`interrupt ${key}`);
      },
      resumed: async (key: string) => {
        marks.push(`resumed ${key}`);
        return null;
      },
    },
  });
  return { sfu, live, announced, ended, marks };
}

const viewer = (sessionId: string, userId: number | null = null, kind: Viewer['kind'] = 'free') => ({
  sessionId,
  userId,
  nickname: 'guest',
  chatSessionId: `chat-${sessionId}`,
  kind,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveShows', () => {
  it('keeps one view per show and session, and at most VIEWS_PER_SESSION shows per session', async () => {
    const { sfu, live } = liveShows();
    for (const id of ['1', '2', '3', '4']) sfu.live.add(id);
    const first = await live.watch(show('1'), viewer('s1'));
    // Watching the same show again (a reload) replaces the first view.
    await live.watch(show('1'), viewer('s1'));
    expect(sfu.unsubscribed).toEqual([sfu.opened[0]]);
    // The browser's id names the show (whichever process a later call lands on finds its holder).
    expect(showOfSubscription(first.subscriptionId)).toBe(1);
    expect(first.subscriptionId).not.toBe(sfu.opened[0]);
    await live.watch(show('2'), viewer('s1'));
    await live.watch(show('3'), viewer('s1'));
    expect(live.viewerCount()).toBe(VIEWS_PER_SESSION);
    // A fourth show drops her oldest view (show 1).
    await live.watch(show('4'), viewer('s1'));
    expect(live.viewerCount()).toBe(VIEWS_PER_SESSION);
    expect([...sfu.subscriptions.values()].map((s) => s.showId).sort()).toEqual(['2', '3', '4']);
  });

  it('refuses new viewers beyond the process limit with 503', async () => {
    const { sfu, live } = liveShows(2);
    sfu.live.add('1');
    await live.watch(show('1'), viewer('a'));
    await live.watch(show('1'), viewer('b'));
    await expect(live.watch(show('1'), viewer('c'))).rejects.toMatchObject({ status: 503 });
  });

  it('drops an offer nobody answers', async () => {
    vi.useFakeTimers();
    const { sfu, live } = liveShows();
    sfu.live.add('1');
    await live.watch(show('1'), viewer('a'));
    const answered = await live.watch(show('1'), viewer('b'));
    await live.answer(answered.subscriptionId, 'b', { type: 'answer', sdp: 'v=0' });
    await vi.advanceTimersByTimeAsync(LIVE_ANSWER_WITHIN_MS);
    expect(sfu.unsubscribed).toEqual([sfu.opened[0]]);
    expect(live.viewerCount()).toBe(1);
  });

  it('ends the views of ended sessions: one session, or all of a member but the kept one', async () => {
    const { sfu, live } = liveShows();
    sfu.live.add('1');
    await live.watch(show('1'), viewer('anon'));
    await live.watch(show('1'), viewer('phone', 7));
    await live.watch(show('1'), viewer('laptop', 7));
    live.sessionsEnded({ sessionId: 'anon' });
    live.sessionsEnded({ userId: 7, exceptSessionId: 'laptop' });
    await vi.waitFor(() => expect(live.viewerCount()).toBe(1));
    expect([...sfu.subscriptions.values()].map((s) => s.viewerId)).toEqual(['guest']);
  });

  it('stops the publication of a show that went offline from anywhere, and her free viewers when free chat ends', async () => {
    const { sfu, live } = liveShows();
    sfu.live.add('1');
    sfu.live.add('2');
    await live.watch(show('2'), viewer('a'));
    await live.watch(show('2'), viewer('b', 5, 'private'));
    live.showsChanged({ '1': { online: false } });
    expect(sfu.stopped).toEqual(['1']);
    // Free chat switched off: the free viewer goes, the paid one stays.
    live.showsChanged({ '2': { free: false } });
    await vi.waitFor(() => expect(live.viewerCount()).toBe(1));
    expect(sfu.stopped).toEqual(['1']);
  });

  it('ends the streams a chat session opened when that session ends', async () => {
    const { sfu, live } = liveShows();
    sfu.live.add('1');
    await live.watch(show('1'), viewer('a'));
    await live.watch(show('1'), viewer('b'));
    live.dropChatSession('chat-a');
    await vi.waitFor(() => expect(live.viewerCount()).toBe(1));
    expect([...sfu.subscriptions.values()]).toHaveLength(1);
  });

  it('ends at its sweep the streams whose chat session ended elsewhere', async () => {
    const { sfu, live, ended } = liveShows();
    sfu.live.add('1');
    await live.watch(show('1'), viewer('a'));
    await live.watch(show('1'), viewer('b'));
    await live.sweep();
    expect(live.viewerCount()).toBe(2);
    ended.add('chat-a');
    await live.sweep();
    expect(live.viewerCount()).toBe(1);
    expect(sfu.unsubscribed).toEqual([sfu.opened[0]]);
  });

  it('drops the views of a show the predicate picks (a kicked viewer), and no others', async () => {
    const { sfu, live } = liveShows();
    sfu.live.add('1');
    sfu.live.add('2');
    await live.watch(show('1'), viewer('phone', 7));
    await live.watch(show('2'), viewer('phone', 7));
    await live.watch(show('1'), viewer('guest-a'));
    await live.watch(show('1'), viewer('other', 8));
    expect(live.dropViewers('1', (v) => v.userId === 7)).toBe(1);
    expect(live.viewerCount()).toBe(3);
    await vi.waitFor(() => expect(sfu.unsubscribed).toEqual([sfu.opened[0]]));
    // A guest is picked by her session.
    expect(live.dropViewers('1', (v) => v.userId === null && v.sessionId === 'guest-a')).toBe(1);
    expect(live.dropViewers('1', () => false)).toBe(0);
    expect([...sfu.subscriptions.values()].map((s) => s.showId).sort()).toEqual(['1', '2']);
  });

  it('asks her studio to publish again when her media server went away, and counts the gap as no picture', async () => {
    const { sfu, live, marks, announced } = liveShows();
    const performer = { id: 7, sessionId: 'studio-7' };
    await live.publish(show('61'), performer, { type: 'offer', sdp: 'v=0' });
    expect(marks).toEqual(['resumed 61']);
    expect(announced).toEqual([{ 61: { paused: false } }]);
    // Her own connection failing is hers to notice: no republish asked, no interruption marked.
    sfu.publishers.get('61')?.({ type: 'ended', reason: 'connection_lost' });
    expect(live.state(show('61'))).toEqual({ live: false, paused: false, viewers: [] });
    await live.publish(show('61'), performer, { type: 'offer', sdp: 'v=0' });
    // The media server carrying her stream went away.
    sfu.live.delete('61');
    sfu.publishers.get('61')?.({ type: 'ended', reason: 'sfu_closed' });
    expect(live.state(show('61'))).toEqual({ live: false, paused: false, viewers: [], republish: true });
    expect(marks).toEqual(['resumed 61', 'resumed 61', 'interrupt 61']);
    // Meanwhile pages that try to watch are asked to try again (503), not told she is offline.
    await expect(live.watch(show('61'), viewer('s1'))).rejects.toMatchObject({
      status: 503,
      message: 'live_interrupted',
    });
    await live.publish(show('61'), performer, { type: 'offer', sdp: 'v=0' });
    expect(live.state(show('61'))).toEqual({ live: true, paused: false, viewers: [] });
    expect(marks.at(-1)).toBe('resumed 61');
    // Her new stream is announced as one: open pages watch it at once.
    expect(announced.at(-1)).toEqual({ 61: { paused: false, restarted: true } });
  });
});
