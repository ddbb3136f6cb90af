import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_CHECK_REASONS, type IdCheckReason } from '#common/api/onboarding.ts';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { readTicket } from '#server/providers/avs/sandbox.ts';
import {
  IDCHECK_SIGNATURE_HEADER,
  idCheckCallbackBody,
  recordSandboxCheck,
  SANDBOX_IDCHECK,
  SANDBOX_OUTCOMES,
  type SandboxOutcome,
  sandboxIdCheckKeys,
  signIdCheckCallback,
} from './sandbox.ts';
import type { IdCheckEvent } from './types.ts';

/** Unanswered reports are sent again after these pauses. */
const DELIVERY_DELAYS_MS = [300, 1000, 2000, 4000, 8000, 16000];
const FORM_LIMIT = 2048;
const params = z.object({ '*': z.string().min(1).max(4096) });

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:rgb(238 241 244);color:rgb(29 39 51)}
.banner{background:rgb(52 70 60);color:white;padding:.75rem 1rem;font-size:.9rem}
main{max-width:32rem;margin:1.5rem auto;background:white;border-radius:8px;padding:1.25rem;box-shadow:0 1px 4px rgb(0 0 0 / 13%)}
h1{font-size:1.35rem;margin:0 0 .5rem}
fieldset{border:1px solid rgb(200 206 212);border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
legend{font-weight:600}
.choice{display:flex;gap:.5rem;align-items:flex-start;margin:.5rem 0}
label.block{display:block;font-weight:600;margin:1rem 0 .3rem}
select{width:100%;box-sizing:border-box;font:inherit;padding:.55rem;border:1px solid rgb(137 149 163);border-radius:4px}
.error{color:rgb(179 38 30)}
button{margin-top:1rem;width:100%;font:inherit;font-weight:600;padding:.7rem;border:0;border-radius:4px;background:rgb(52 70 60);color:white;cursor:pointer}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid rgb(245 166 35);outline-offset:2px}
`;

function layout(locale: Locale, title: string, body: string) {
  const banner = escapeHtml(translate(locale, 'idcheck.sandbox.banner'));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="banner" role="note">${banner}</div><main>${body}</main></body></html>`;
}

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
  return layout(locale, translate(locale, 'idcheck.sandbox.title'), body);
}

const expiredPage = (locale: Locale) => {
  const t = (key: string) => escapeHtml(translate(locale, `idcheck.sandbox.${key}`));
  return layout(
    locale,
    translate(locale, 'idcheck.sandbox.expired_title'),
    `<h1>${t('expired_title')}</h1><p>${t('expired_text')}</p>`,
  );
};

const sendHtml = (reply: FastifyReply, status: number, page: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

/**
 * Sends a signed report to our callback (in process, as the provider's server would over the
 * network) after `delayMs`, retrying with back-off until it is answered 2xx. Each attempt is signed
 * anew with the same event id, so an attempt that did arrive turns the next into a replay.
 */
function deliverer(app: FastifyInstance, callbackKey: string) {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  const attempt = (body: string, n: number, delayMs: number, then?: () => void) => {
    const timer = setTimeout(async () => {
      timers.delete(timer);
      if (closed) return;
      let status = 0;
      try {
        const res = await app.inject({
          method: 'POST',
          url: `/api/idcheck/callback/${SANDBOX_IDCHECK}`,
          headers: {
            'content-type': 'application/json',
            [IDCHECK_SIGNATURE_HEADER]: signIdCheckCallback(callbackKey, body),
          },
          payload: body,
        });
        status = res.statusCode;
      } catch (err) {
        app.log.warn({ err }, 'sandbox ID check: callback not delivered');
      }
      if (status >= 200 && status < 300) return then?.();
      const next = DELIVERY_DELAYS_MS[n + 1];
      if (next !== undefined && !closed) attempt(body, n + 1, next, then);
      else app.log.error({ status }, 'sandbox ID check: callback given up');
    }, delayMs);
    timers.add(timer);
  };
  const later = (work: () => void, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) work();
    }, delayMs);
    timers.add(timer);
  };
  return {
    send: (body: string, delayMs: number, then?: () => void) => attempt(body, 0, delayMs, then),
    later,
  };
}

/**
 * The sandbox ID provider's hosted page, `/sandbox/idcheck/<token>`: plain HTML, in the language
 * the check was started in. Its decision reaches us only by the signed callback; the browser goes
 * back to the studio.
 */
export const idCheckSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  if (config.idCheck.provider !== SANDBOX_IDCHECK) return;
  const { callbackKey, pageKey } = sandboxIdCheckKeys(config);
  const deliver = deliverer(app, callbackKey);

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
    const report = async () => {
      await recordSandboxCheck(db, reference, {
        state: final.type === 'check.passed' ? 'passed' : 'failed',
        reason: final.reason,
      });
      deliver.send(idCheckCallbackBody(reference, final.type, final.reason), 0);
    };
    if (outcome.startsWith('pending')) {
      await recordSandboxCheck(db, reference, { state: 'pending', reason: null });
      // A person at the provider "reviews" the documents: pending first, the result later.
      deliver.send(idCheckCallbackBody(reference, 'check.pending', null), 0, () =>
        deliver.later(
          () => void report().catch((err: unknown) => app.log.error({ err }, 'sandbox ID check: result not sent')),
          config.idCheck.sandboxPendingMs,
        ),
      );
    } else {
      await report();
    }
    request.log.info({ outcome }, 'sandbox ID check decided');
    return reply.redirect(ticket.returnUrl, 303);
  });
};

function finalEvent(outcome: SandboxOutcome, reason: IdCheckReason | null): Pick<IdCheckEvent, 'type' | 'reason'> {
  return outcome === 'approved' || outcome === 'pending_approved'
    ? { type: 'check.passed', reason: null }
    : { type: 'check.failed', reason };
}
