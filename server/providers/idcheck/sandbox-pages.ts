import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_CHECK_REASONS, type IdCheckReason } from '#common/api/onboarding.ts';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { sandboxPage, sendHtml } from '#server/http/sandbox-page-kit.ts';
import { readTicket } from '#server/providers/avs/sandbox.ts';
import { createOutboxWorker, enqueueSandboxCall, eventIdOf } from '#server/providers/sandbox-outbox.ts';
import {
  idCheckCallbackBody,
  recordSandboxCheck,
  SANDBOX_IDCHECK,
  SANDBOX_OUTCOMES,
  type SandboxOutcome,
  sandboxIdCheckKeys,
} from './sandbox.ts';
import { idCheckDelivery } from './sandbox-delivery.ts';
import type { IdCheckEvent } from './types.ts';

const FORM_LIMIT = 2048;
const params = z.object({ '*': z.string().min(1).max(4096) });

/** The ID provider's page around a body; its banner says it is a stand-in. */
const page = (locale: Locale, title: string, body: string) =>
  sandboxPage(locale, title, body, { look: 'idcheck', banner: translate(locale, 'idcheck.sandbox.banner') });

/** The hosted check: the tester picks how the provider decides. */
function checkPage(locale: Locale, action: string, error: boolean): string {
  const t = (key: string) => escapeHtml(translate(locale, `idcheck.sandbox.${key}`));
  const choices = SANDBOX_OUTCOMES.map(
    (o, i) =>
      `<div class="choice"><input type="radio" id="o-${o}" name="outcome" value="${o}"${i === 0 ? ' checked' : ''}><label for="o-${o}">${t(`outcomes.${o}`)}</label></div>`,
  ).join('');
  const reasons = ID_CHECK_REASONS.map((r) => `<option value="${r}">${t(`reasons.${r}`)}</option>`).join('');
  const body = `<h1>${t('title')}</h1><p>${t('intro')}</p>${error ? `<p class="error" role="alert">${t('invalid')}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>${t('outcome')}</legend>${choices}</fieldset>
<label class="block" for="reason">${t('reason')}</label><select id="reason" name="reason">${reasons}</select>
<button type="submit">${t('submit')}</button></form>`;
  return page(locale, translate(locale, 'idcheck.sandbox.title'), body);
}

const expiredPage = (locale: Locale) => {
  const t = (key: string) => escapeHtml(translate(locale, `idcheck.sandbox.${key}`));
  return page(
    locale,
    translate(locale, 'idcheck.sandbox.expired_title'),
    `<h1>${t('expired_title')}</h1><p>${t('expired_text')}</p>`,
  );
};

/**
 * The sandbox ID provider's hosted page, `/sandbox/idcheck/<token>`: plain HTML, in the language
 * the check was started in. Its decision reaches us only by the signed callback, written to the
 * sandboxes' outbox with the provider's own record of the check and delivered from there by
 * whichever process claims it; the browser goes back to the studio.
 */
export const idCheckSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  if (config.idCheck.provider !== SANDBOX_IDCHECK) return;
  const { callbackKey, pageKey } = sandboxIdCheckKeys(config);
  const outbox = createOutboxWorker({
    db,
    log: app.log,
    policy: idCheckDelivery(db, callbackKey, (request) => app.inject(request)),
  });
  // Once the shop can answer: the first run sends what a stopped process left in the outbox.
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.stop());

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/sandbox/idcheck/*', { schema: { params } }, async (request, reply) => {
    const ticket = readTicket(pageKey, request.params['*']);
    if (!ticket) return sendHtml(reply, 404, expiredPage(request.locale));
    return sendHtml(reply, 200, checkPage(ticket.locale, request.url, false));
  });

  app.post('/sandbox/idcheck/*', { config: { csrf: false }, schema: { params } }, async (request, reply) => {
    const ticket = readTicket(pageKey, request.params['*']);
    if (!ticket) return sendHtml(reply, 404, expiredPage(request.locale));
    const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const outcome = SANDBOX_OUTCOMES.find((o) => o === b.outcome);
    const reason = ID_CHECK_REASONS.find((r) => r === b.reason) ?? null;
    if (!outcome || (outcome.endsWith('rejected') && !reason)) {
      return sendHtml(reply, 422, checkPage(ticket.locale, request.url, true));
    }
    const { reference } = ticket;
    const final = finalEvent(outcome, reason);
    const result = idCheckCallbackBody(reference, final.type, final.reason);
    const now = new Date();
    await db.transaction(async (tx) => {
      if (outcome.startsWith('pending')) {
        // A person at the provider "reviews" the documents: pending first, the result once that
        // report arrived and the review took its time (a row of its own then, like any report).
        await recordSandboxCheck(tx, reference, { state: 'pending', reason: null });
        const body = idCheckCallbackBody(reference, 'check.pending', null);
        const followUp = { eventId: eventIdOf(result), body: result, delayMs: config.idCheck.sandboxPendingMs };
        await enqueueSandboxCall(tx, { channel: 'idcheck', eventId: eventIdOf(body), body, dueAt: now, followUp }, now);
      } else {
        const state = final.type === 'check.passed' ? 'passed' : 'failed';
        await recordSandboxCheck(tx, reference, { state, reason: final.reason });
        await enqueueSandboxCall(tx, { channel: 'idcheck', eventId: eventIdOf(result), body: result, dueAt: now }, now);
      }
    });
    outbox.kick();
    request.log.info({ outcome }, 'sandbox ID check decided');
    return reply.redirect(ticket.returnUrl, 303);
  });
};

function finalEvent(outcome: SandboxOutcome, reason: IdCheckReason | null): Pick<IdCheckEvent, 'type' | 'reason'> {
  return outcome === 'approved' || outcome === 'pending_approved'
    ? { type: 'check.passed', reason: null }
    : { type: 'check.failed', reason };
}
