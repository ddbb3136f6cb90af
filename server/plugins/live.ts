import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { provide } from '#server/context.ts';
import { openSessionIds } from '#server/features/chat/data.ts';
import { LiveShows } from '#server/features/live/live-shows.ts';
import { LivePublications } from '#server/features/live/publications.ts';
import { JanusSfu } from '#server/live/janus/janus-sfu.ts';
import type { Sfu } from '#server/live/sfu.ts';
import { sfuIceServers } from '#server/live/turn/credentials.ts';
import { WeriftSfu } from '#server/live/werift-sfu.ts';

/**
 * Live video: the media server (`ctx.sfu`: the one given, or the embedded werift SFU), the
 * bookkeeping in front of it (`ctx.live`), which puts shows on and off line through presence, and
 * which process holds which show's publication (`ctx.publications`, decision 051). Its sweep and
 * lease renewal are jobs (plugins/jobs.ts); it closes before the sockets do (plugins/realtime.ts).
 */
/**
 * The embedded werift SFU, or the Janus instances (LIVE_SFU=janus): connected at start; an
 * instance that does not answer is tried again in the background and takes shows once it does.
 */
async function mediaServer(config: Config, log: FastifyBaseLogger): Promise<Sfu> {
  if (config.sfu.kind === 'werift') {
    // The SFU's ICE servers are fixed for its life: the relay's credential for it lasts a year.
    return new WeriftSfu({
      ...config.live,
      iceServers: sfuIceServers(config.live.iceServers, config.turn, Date.now()),
    });
  }
  const janus = new JanusSfu({ ...config.sfu, ...config.live, log });
  const up = await janus.connect();
  if (up < config.sfu.nodes.length)
    log.warn({ up, of: config.sfu.nodes.length }, 'some media servers do not answer yet');
  return janus;
}

export const livePlugin = fp<{ sfu?: Sfu | undefined }>(
  async (app, opts) => {
    const { config, presence, db } = app.ctx;
    const sfu = opts.sfu ?? (await mediaServer(config, app.log));
    const publications = new LivePublications({
      db,
      node: config.chat.node,
      internalUrl: config.internalUrl,
      log: app.log,
    });
    // The publications this NODE_NAME held in its last run died with it.
    await publications.releaseAll();
    const live = new LiveShows({
      sfu,
      publications,
      openChatSessions: (ids) => openSessionIds(db, ids),
      setOnline: async (showId, online) => {
        await presence.setOnline([showId], online);
      },
      announce: (change) => presence.queue(change),
      log: app.log,
      // With Janus the media runs past this process: its viewers are bounded by the instances'.
      maxViewers:
        config.sfu.kind === 'janus' ? config.sfu.viewersPerNode * config.sfu.nodes.length : config.sfu.maxViewers,
    });
    publications.whenLost((universalId) => live.lost(universalId));
    provide(app, { sfu, live, publications });
  },
  { name: 'live', dependencies: ['database', 'presence'] },
);
