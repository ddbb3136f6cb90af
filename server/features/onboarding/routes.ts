import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmEmailBody,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  documentParams,
  idCheckStartAnswer,
  studioApplication,
  studioSignupBody,
} from '#common/api/onboarding.ts';
import { nameRules } from '#common/domain/name-blocklist.ts';
import { nicknameRefusalKey } from '#common/domain/nickname.ts';
import { AppError, invalidField, notFound } from '#server/errors.ts';
import { hashPassword, isCommonPassword } from '#server/features/auth/passwords.ts';
import { findPerformerById } from '#server/features/studio/data.ts';
import { createPerformerSession } from '#server/features/studio/mutations.ts';
import { requireApplicant, setPerformerCookie } from '#server/features/studio/session.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { enforce } from '#server/http/throttle.ts';
import { idCheckProvider } from '#server/providers/idcheck/provider.ts';
import { findApplication, knownCategories, showNameInCatalogue } from './data.ts';
import { cleanIdentityPicture, documentsOpen, storeIdentityPicture } from './documents.ts';
import {
  applyIdCheckEvent,
  attemptCount,
  markCheckStarted,
  recordProviderSession,
  undoCheckStart,
} from './id-check.ts';
import { confirmPerformerEmail, setDocument, signUpPerformer } from './mutations.ts';
import { presentApplication } from './present.ts';

const callbackAnswer = z.object({ ok: z.literal(true), outcome: z.enum(['applied', 'replayed', 'ignored']) });

/**
 * Performer onboarding (/api/studio/signup, /api/studio/application/*): sign-up, her application's
 * state, her identity pictures, the e-mail confirmation and the start of the ID check; and the ID
 * provider's signed callback. A pending or rejected performer reaches only these routes (audience
 * `applicant`); every other studio route needs her approved and active.
 */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /studio/signup': 'public',
    'GET /studio/application': 'applicant',
    'POST /studio/application/confirm': 'applicant',
    'PUT /studio/application/documents/:kind': 'applicant',
    'POST /studio/application/check': 'applicant',
  });
  const { ctx } = app;
  const { config, db } = ctx;
  const provider = idCheckProvider(config, db);
  const rules = nameRules({
    siteNames: [config.site.name, ...Object.values(config.sites).map((site) => site.name)],
    extra: config.nameBlocklist,
  });

  /** Deletes an identity picture no application points at; a failure is logged, the answer stands. */
  const dropPicture = (key: string, performerId: number) =>
    ctx.storage.delete(key).catch((err: unknown) => {
      app.log.warn({ err, performerId }, 'identity picture could not be deleted');
    });

  /** Her application as it is now (read again after every change). */
  const answer = async (performerId: number) => {
    const [performer, application, attempts] = await Promise.all([
      findPerformerById(db, performerId),
      findApplication(db, performerId),
      attemptCount(db, performerId),
    ]);
    if (!performer || !application) throw notFound();
    return presentApplication(performer, application, attempts);
  };

  app.post(
    '/studio/signup',
    { schema: { body: studioSignupBody, response: { 201: studioApplication } } },
    async (request, reply) => {
      await enforce(
        ctx.throttle,
        `performer-signup:ip:${addressKey(request.ip)}`,
        config.idCheck.signupsPerHour,
        3600,
        'throttled',
      );
      const body = request.body;
      if (isCommonPassword(body.password)) throw invalidField('password', 'errors.validations.password_common');
      const refused = nicknameRefusalKey(body.showName, rules);
      if (refused) throw invalidField('showName', refused);
      const categories = [...new Set(body.categories)];
      if ((await knownCategories(db, categories)).length !== categories.length) {
        throw invalidField('categories', 'errors.validations.invalid');
      }
      if (await showNameInCatalogue(db, body.showName)) {
        throw invalidField('showName', 'studio.signup.errors.show_name_taken');
      }
      const created = await signUpPerformer(db, config.sessionSecret, {
        email: body.email,
        showName: body.showName,
        languages: body.languages,
        categories,
        passwordHash: await hashPassword(body.password),
        locale: request.locale,
      });
      if (!created.ok) {
        if (created.refused === 'email_taken') throw new AppError('email_already_exists');
        throw invalidField('showName', 'studio.signup.errors.show_name_taken');
      }
      await ctx.mailer.send({
        to: body.email,
        template: 'performer_confirm',
        locale: request.locale,
        vars: { link: `${config.publicUrl}/studio/onboarding?confirm=${created.emailToken}` },
      });
      const session = await createPerformerSession(db, config.sessionSecret, created.performerId);
      setPerformerCookie(ctx, reply, session.token, session.expiresAt);
      request.log.info({ performerId: created.performerId }, 'performer signed up');
      return reply.code(201).send(await answer(created.performerId));
    },
  );

  app.get('/studio/application', { schema: { response: { 200: studioApplication } } }, async (request) => {
    const { performer } = await requireApplicant(request);
    return answer(performer.id);
  });

  app.post(
    '/studio/application/confirm',
    { schema: { body: confirmEmailBody, response: { 200: studioApplication } } },
    async (request) => {
      const { performer } = await requireApplicant(request);
      const ok = await confirmPerformerEmail(db, config.sessionSecret, performer.id, request.body.token);
      if (!ok) throw new AppError('link_expired');
      return answer(performer.id);
    },
  );

  // Her pictures arrive as the raw image body; the content decides, not the header.
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.addContentTypeParser(
      [...DOCUMENT_TYPES, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: DOCUMENT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.put(
      '/studio/application/documents/:kind',
      { schema: { params: documentParams, response: { 200: studioApplication } } },
      async (request) => {
        const { performer } = await requireApplicant(request);
        const { kind } = request.params;
        const data = Buffer.isBuffer(request.body) ? request.body : null;
        if (!data?.length) throw new AppError('unsupported_media_type');
        const picture = await cleanIdentityPicture(data);
        if (!picture) throw new AppError('unsupported_media_type');
        // Nothing is stored for an application that no longer takes pictures (checked again when it is set).
        if (performer.status !== 'pending' || !documentsOpen(await findApplication(db, performer.id))) {
          throw new AppError('conflict');
        }
        const key = await storeIdentityPicture(ctx.storage, performer.id, kind, picture);
        const set = await setDocument(db, performer.id, kind, key);
        if (set === 'closed') {
          await dropPicture(key, performer.id);
          throw new AppError('conflict');
        }
        // The picture it replaced goes once the new one is committed: she never has none.
        if (set.replaced) await dropPicture(set.replaced, performer.id);
        request.log.info({ performerId: performer.id, kind }, 'identity picture stored');
        return answer(performer.id);
      },
    );
  });

  app.post('/studio/application/check', { schema: { response: { 200: idCheckStartAnswer } } }, async (request) => {
    const { performer } = await requireApplicant(request);
    const application = await findApplication(db, performer.id);
    if (!application || performer.status !== 'pending' || application.decidedAt) throw new AppError('conflict');
    if (!application.emailConfirmedAt || !application.idFrontKey || !application.selfieKey) {
      throw new AppError('conflict');
    }
    // The rules of attempts are applied under the row's lock: of two starts at once, one wins.
    const start = await markCheckStarted(db, performer.id, provider.name);
    if (!start.ok) {
      throw start.refused === 'attempts_used' ? new AppError('id_check_attempts_used') : new AppError('conflict');
    }
    try {
      const started = await provider.start({
        reference: start.reference,
        returnUrl: `${config.publicUrl}/studio/onboarding`,
        locale: request.locale,
      });
      if (started.session) await recordProviderSession(db, provider.name, start.reference, started.session);
      request.log.info({ performerId: performer.id }, 'identity check started');
      return { link: started.link };
    } catch (err) {
      // Not her attempt: the provider never opened it.
      await undoCheckStart(db, performer.id, start);
      request.log.warn({ err, performerId: performer.id }, 'identity check could not start');
      throw new AppError('unavailable');
    }
  });

  // The ID provider's callback: verified by its signature over the raw body, not by a session.
  await app.register(async (callbacks) => {
    callbacks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    callbacks.post(
      `/idcheck/callback/${provider.name}`,
      { config: { csrf: false, audience: 'provider' }, schema: { response: { 200: callbackAnswer } } },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const verified = provider.verifyCallback({ headers: request.headers, rawBody: raw });
        if (!verified.ok) {
          request.log.warn({ provider: provider.name, reason: verified.reason }, 'ID check callback refused');
          throw verified.reason === 'malformed' ? new AppError('bad_request') : new AppError('forbidden');
        }
        const { event } = verified;
        const result = await applyIdCheckEvent(db, provider.name, event);
        const about = { provider: provider.name, eventId: event.eventId, type: event.type };
        if (result.kind === 'unknown') {
          request.log.warn(about, 'ID check callback for no such check');
          throw notFound();
        }
        request.log.info({ ...about, performerId: result.performerId, kind: result.kind }, 'ID check callback');
        return { ok: true as const, outcome: result.kind };
      },
    );
  });
};
