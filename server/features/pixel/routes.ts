import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pixelQuery } from '#common/api/pixel.ts';
import { siteFor, siteHosts } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { requestDomain } from '#server/http/request-domain.ts';
import { viewCounts } from './pace.ts';

/** A transparent 1x1 GIF: what an image tag asking the counter gets back. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The counter pixel (spec part 1, section 7): the SPA asks it on every page view once the visitor
 * accepted analytics. It counts a view per day, counter website, site and host, nothing about the
 * visitor. Every parameter must be this request's own (its session, its host, its site), so a
 * script cannot count for others; and the host must be one of ours (PUBLIC_URL's or a SITES
 * domain), as the Host header is the client's to choose: a script sending made-up ones would
 * otherwise add a row per name and day. Anything else is a 400 and counts nothing, like any other
 * parameter that is not the request's own. A mid counts as a member's view only when it is the
 * signed-in member. One session counts at most one view a second (pace.ts); the rest are answered
 * alike but not counted, so a replaying script cannot tell.
 */
export const pixelRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, { 'GET /pixel': 'public' });
  // Counted in memory and written in batches (server/plugins/page-views.ts).
  const { config, pageViews, throttle } = app.ctx;
  const ourHosts = siteHosts(config);

  app.get('/pixel', async (request, reply) => {
    const parsed = pixelQuery.safeParse(request.query);
    const domain = requestDomain(request);
    const session = request.session;
    const q = parsed.success ? parsed.data : null;
    if (!ourHosts.has(domain)) {
      // A name the site is not configured for: said as such (a local site answers to every
      // loopback name, config.ts siteHosts), not as one more malformed parameter.
      request.log.warn({ host: domain }, 'page view for a host that is not ours refused');
      throw new AppError('bad_request', { message: 'host_refused' });
    }
    if (
      !q ||
      !session ||
      q.session !== session.id.slice(0, 24) ||
      q.host.toLowerCase() !== domain ||
      q.webid !== siteFor(config, domain).webid
    ) {
      throw new AppError('bad_request');
    }
    if (await viewCounts(throttle, q.session)) {
      const member = q.mid !== undefined && session.userId !== null && q.mid === session.userId;
      pageViews.count(
        { day: new Date().toISOString().slice(0, 10), websiteId: q.websiteid, webid: q.webid, host: domain },
        member,
      );
    }
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'image/gif')
      .header('content-length', PIXEL.length)
      .send(PIXEL);
  });
};
