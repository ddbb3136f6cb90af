import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES, type Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { sandboxPage, sendHtml } from '#server/http/sandbox-page-kit.ts';
import { issueSandboxToken, SANDBOX_SITE_KEY, SANDBOX_TOKEN_SECONDS, sandboxCaptchaKey } from './sandbox.ts';

/** The message the widget posts to the page that framed it (CaptchaWidget in the SPA listens). */
export const SANDBOX_MESSAGE = 'livecam-sandbox-captcha';

/** Where the widget's one script is served (the CSP allows no inline script). */
const WIDGET_PATH = '/sandbox/captcha/widget.js';

const WIDGET_JS = `(() => {
  const button = document.getElementById('solve');
  const status = document.getElementById('status');
  const texts = JSON.parse(document.getElementById('texts').textContent);
  const post = (token) => parent.postMessage({ type: '${SANDBOX_MESSAGE}', token }, location.origin);
  let expiry;
  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-checked') === 'true') return;
    button.disabled = true;
    status.textContent = texts.checking;
    try {
      const res = await fetch('/sandbox/captcha/solve', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ k: button.dataset.sitekey }),
      });
      if (!res.ok) throw new Error(String(res.status));
      const { token, expires_in } = await res.json();
      button.setAttribute('aria-checked', 'true');
      button.textContent = '\\u2713';
      status.textContent = texts.solved;
      post(token);
      clearTimeout(expiry);
      expiry = setTimeout(() => {
        button.setAttribute('aria-checked', 'false');
        button.textContent = '';
        status.textContent = texts.expired;
        post(null);
      }, expires_in * 1000);
    } catch {
      status.textContent = texts.failed;
    } finally {
      button.disabled = false;
    }
  });
})();
`;

const query = z.object({ k: z.string().max(200).optional(), hl: z.string().max(10).optional() });
const solveBody = z.object({ k: z.string().max(200) });

/**
 * The sandbox captcha service's widget, `/sandbox/captcha?k=<site key>&hl=<language>`: a small
 * page the registration form frames, like reCAPTCHA's checkbox. Ticking it asks
 * `/sandbox/captcha/solve` for a signed response token and posts it to the framing page (this
 * origin only). The token then expires after two minutes, and the widget says so.
 */
export const captchaSandboxPages: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  if (config.captcha.provider !== 'sandbox') return;
  const key = sandboxCaptchaKey(config.sessionSecret);
  // Framed by this site alone; its script and its one call go to this server.
  const framedHere = ["script-src 'self'", "connect-src 'self'"];
  const widget = (locale: Locale, title: string, body: string, scripts: string[] = []) =>
    sandboxPage(locale, title, body, { look: 'captcha', layout: 'widget', scripts });

  app.get('/sandbox/captcha', { schema: { querystring: query } }, async (request, reply) => {
    const locale = LOCALES.find((l) => l === request.query.hl) ?? request.locale;
    const t = (k: string) => translate(locale, `captcha.sandbox.${k}`);
    if (request.query.k !== SANDBOX_SITE_KEY) {
      return sendHtml(reply, 400, widget(locale, t('title'), `<p>${escapeHtml(t('bad_key'))}</p>`), { framedHere });
    }
    const texts = JSON.stringify({
      checking: t('checking'),
      solved: t('solved'),
      expired: t('expired'),
      failed: t('failed'),
    }).replaceAll('<', '\\u003c');
    // The texts travel as data (a JSON block no browser runs), read by the widget's script.
    const body = `<div class="box"><button type="button" id="solve" role="checkbox" aria-checked="false" aria-labelledby="label" data-sitekey="${SANDBOX_SITE_KEY}"></button><label id="label" for="solve">${escapeHtml(t('label'))}<small>${escapeHtml(t('note'))}</small><small id="status" role="status" aria-live="polite"></small></label></div><script type="application/json" id="texts">${texts}</script>`;
    return sendHtml(reply, 200, widget(locale, t('title'), body, [WIDGET_PATH]), { framedHere });
  });

  app.get(WIDGET_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8').send(WIDGET_JS),
  );

  // The service's own endpoint, not ours: no session or CSRF token of this site is involved.
  app.post(
    '/sandbox/captcha/solve',
    { config: { csrf: false }, schema: { body: solveBody } },
    async (request, reply) => {
      if (request.body.k !== SANDBOX_SITE_KEY)
        return reply.code(400).send({ error: 'bad_request', message: 'bad_request' });
      return reply
        .header('cache-control', 'no-store')
        .send({ token: issueSandboxToken(key), expires_in: SANDBOX_TOKEN_SECONDS });
    },
  );
};
