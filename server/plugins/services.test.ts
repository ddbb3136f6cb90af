import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import { contextPlugin, SERVICES, servicesPlugin } from '#server/context.ts';
import { backgroundPlugin } from './background.ts';

/** A service plugin of that name that fills nothing. */
const hollow = (name: string) => fp(async () => {}, { name });

describe('the services plugin', () => {
  it('refuses to start while a member of app.ctx is left unfilled, naming it', async () => {
    const app = Fastify();
    await app.register(contextPlugin, { config: {} as Config });
    await app.register(backgroundPlugin);
    for (const name of SERVICES.filter((s) => s !== 'background')) await app.register(hollow(name));
    await expect(app.register(servicesPlugin)).rejects.toThrow(
      'app.ctx was left without database, db, redis, throttle, sessionCache, mailer, push, google, storage, presence, sfu, live, publications, chat, scheduler, demoReplies, pageViews',
    );
    await app.close();
  });

  it('refuses to start before every service plugin is registered', async () => {
    const app = Fastify();
    await app.register(contextPlugin, { config: {} as Config });
    await expect(app.register(servicesPlugin)).rejects.toThrow(/database/);
    await app.close();
  });
});
