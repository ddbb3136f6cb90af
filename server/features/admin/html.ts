import type { FastifyReply } from 'fastify';
import type { Locale } from '#common/constants.ts';
import { may } from '#common/domain/console-policy.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { DashboardFigure } from './dashboard/data.ts';
import type { PresentedOperator } from './present.ts';
import { CONSOLE_SCREENS } from './screens.ts';
import { type AdminText, adminText, roleName } from './texts.ts';

export type AdminNotice = { kind: 'status' | 'alert'; key: AdminText; vars?: Record<string, string> };

/** A console page: never cached. */
export const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:rgb(240 242 245);color:rgb(28 32 38)}
.banner{background:rgb(33 52 84);color:white;padding:.75rem 1rem;font-size:.9rem}
main{max-width:32rem;margin:1.5rem auto;background:white;border-radius:8px;padding:1rem 1.25rem 1.25rem;box-shadow:0 1px 4px rgb(0 0 0 / 13%)}
h1{font-size:1.4rem;margin:.25rem 0 .75rem}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{font:inherit;box-sizing:border-box;width:100%;padding:.55rem;border:1px solid rgb(112 120 130);border-radius:4px}
.hint{color:rgb(80 88 98);font-size:.9rem;margin:.25rem 0 0}
button{font:inherit;font-weight:600;padding:.55rem 1rem;border:0;border-radius:4px;cursor:pointer;background:rgb(33 52 84);color:white}
button:focus-visible,input:focus-visible,a:focus-visible,textarea:focus-visible{outline:3px solid rgb(245 166 35);outline-offset:2px}
a{color:rgb(25 80 160)}
.notice{padding:.6rem .8rem;border-radius:4px;background:rgb(230 244 234)}
.notice.alert{background:rgb(252 232 230)}
main.wide{max-width:64rem}
table{width:100%;border-collapse:collapse;margin:.5rem 0}
caption{text-align:left;color:rgb(80 88 98);padding:.25rem 0}
th,td{text-align:left;vertical-align:top;padding:.45rem .4rem;border-bottom:1px solid rgb(220 224 230)}
tr.unread td{font-weight:600}
td.excerpt{overflow-wrap:anywhere}
.thread{list-style:none;padding:0;margin:1rem 0}
.msg{border-radius:6px;padding:.5rem .75rem;margin:0 0 .5rem;background:rgb(240 242 245)}
.msg.desk{background:rgb(228 238 252);margin-left:2rem}
.msg .meta{margin:0 0 .25rem;font-size:.9rem;color:rgb(64 72 82)}
.msg .body{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
textarea{font:inherit;box-sizing:border-box;width:100%;padding:.55rem;border:1px solid rgb(112 120 130);border-radius:4px}
nav.pages{display:flex;gap:1rem;align-items:center}
.scroll{overflow-x:auto}
fieldset{border:1px solid rgb(200 206 214);border-radius:4px;margin:0 0 1rem;padding:.5rem .75rem}
legend{font-weight:600;padding:0 .25rem}
label.check{display:flex;gap:.5rem;align-items:baseline;font-weight:400;margin:.25rem 0}
label.check input{width:auto}
select{font:inherit;padding:.45rem;border:1px solid rgb(112 120 130);border-radius:4px;max-width:100%}
.secret{font-family:ui-monospace,monospace;font-size:1.05rem;background:rgb(255 248 225);padding:.4rem .6rem;border-radius:4px;overflow-wrap:anywhere;display:block}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}
.figures{list-style:none;padding:0;margin:.5rem 0 1rem;display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.75rem}
.figures li{background:rgb(240 242 245);border-radius:6px;padding:.6rem .75rem}
.figures .n{display:block;font-size:1.6rem;font-weight:700}
dl.changes{display:grid;grid-template-columns:auto 1fr;gap:.1rem .5rem;margin:0}
dl.changes dt{color:rgb(64 72 82)}
dl.changes dd{margin:0;overflow-wrap:anywhere}
.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.5rem .75rem;align-items:start}
.filters .field{margin:0}
h2+p.hint{margin-bottom:1rem}
@media (max-width:600px){
table.stack thead{display:none}
table.stack tr{display:block;border-bottom:1px solid rgb(220 224 230);padding:.4rem 0}
table.stack td{display:block;border:0;padding:.15rem .25rem}
table.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:600}
}
`;

/** The page around a console screen; `wide` for tables and threads. */
export function layout(locale: Locale, title: string, body: string, opts: { wide?: boolean } = {}): string {
  const t = (key: AdminText) => escapeHtml(adminText(locale, key));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head>
<body><div class="banner" role="note">${t('banner')}</div><main${opts.wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
}

export const noticeHtml = (locale: Locale, notice: AdminNotice | null) =>
  notice
    ? `<p id="notice" class="notice${notice.kind === 'alert' ? ' alert' : ''}" role="${notice.kind}">${escapeHtml(adminText(locale, notice.key, notice.vars))}</p>`
    : '';

/** The sign-in form: e-mail, password, 6-digit code. A failure names no field. */
export function signInPage(opts: {
  locale: Locale;
  token: string;
  next: string;
  email: string;
  notice: AdminNotice | null;
  /** After a 429: a button that mails an unlock link for the address entered. */
  unlockOffer?: boolean;
}): string {
  const { locale } = opts;
  const t = (key: AdminText) => escapeHtml(adminText(locale, key));
  const failed = opts.notice?.kind === 'alert' ? ' aria-describedby="notice"' : '';
  const offer =
    opts.unlockOffer && opts.email
      ? `<form method="post" action="/admin/unlock/send" class="actions"><input type="hidden" name="token" value="${escapeHtml(opts.token)}"><input type="hidden" name="email" value="${escapeHtml(opts.email)}"><button type="submit">${t('unlockSend')}</button></form>`
      : '';
  const body = `<h1>${t('signInTitle')}</h1><p>${t('intro')}</p>${noticeHtml(locale, opts.notice)}${offer}
<form method="post" action="/admin/login">
<input type="hidden" name="token" value="${escapeHtml(opts.token)}"><input type="hidden" name="next" value="${escapeHtml(opts.next)}">
<div class="field"><label for="email">${t('email')}</label><input id="email" name="email" type="email" value="${escapeHtml(opts.email)}" autocomplete="username" maxlength="254" required${failed}></div>
<div class="field"><label for="password">${t('password')}</label><input id="password" name="password" type="password" autocomplete="current-password" maxlength="200" required${failed}></div>
<div class="field"><label for="code">${t('code')}</label><input id="code" name="code" type="text" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required aria-describedby="code-hint"><p id="code-hint" class="hint">${t('codeHint')}</p></div>
<button type="submit">${t('submit')}</button>
</form>`;
  return layout(locale, t('signInTitle'), body);
}

/** /admin/unlock?token=: the mailed link's page; its button uses the link (a mail scanner's GET does not). */
export function unlockPage(opts: { locale: Locale; token: string; link: string }): string {
  const t = (key: AdminText) => escapeHtml(adminText(opts.locale, key));
  const body = `<h1>${t('unlockTitle')}</h1><p>${t('unlockIntro')}</p>
<form method="post" action="/admin/unlock"><input type="hidden" name="token" value="${escapeHtml(opts.token)}"><input type="hidden" name="link" value="${escapeHtml(opts.link)}"><button type="submit">${t('unlockTitle')}</button></form>`;
  return layout(opts.locale, t('unlockTitle'), body);
}

/** The console's start page: who is signed in, the tools there are, and signing out. */
export function consolePage(opts: {
  locale: Locale;
  operator: PresentedOperator;
  formToken: string;
  studio: boolean;
  figures: DashboardFigure[];
}): string {
  const { locale, operator } = opts;
  const number = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB');
  const t = (key: AdminText, vars?: Record<string, string>) => escapeHtml(adminText(locale, key, vars));
  const roles = operator.roles.map((r) => roleName(locale, r)).join(', ');
  const links = [
    ...CONSOLE_SCREENS.filter((s) => may(operator.roles, s.capability)).map(
      (s) => `<li><a href="${s.path}">${escapeHtml(s.label[locale])}</a></li>`,
    ),
    opts.studio ? `<li><a href="/sandbox/studio">${t('studio')}</a></li>` : '',
  ].join('');
  const tools = links ? `<h2>${t('tools')}</h2><ul>${links}</ul>` : '';
  const figure = (f: DashboardFigure) => {
    const label = escapeHtml(f.label[locale]);
    const inner = `<span class="n">${number.format(f.value)}</span> ${f.href ? `<a href="${f.href}">${label}</a>` : label}`;
    return `<li data-figure="${escapeHtml(f.key)}">${inner}</li>`;
  };
  const figures = opts.figures.length
    ? `<h2 id="figures">${t('figuresTitle')}</h2><ul class="figures" aria-labelledby="figures">${opts.figures.map(figure).join('')}</ul><p class="hint">${t('figuresNote')}</p>`
    : '';
  const body = `<h1>${t('consoleTitle')}</h1>
<p>${t('signedInAs', { name: operator.displayName, email: operator.email })}</p><p>${t('roles', { roles })}</p>${figures}${tools}
<form method="post" action="/admin/logout"><input type="hidden" name="token" value="${escapeHtml(opts.formToken)}"><button type="submit">${t('signOut')}</button></form>`;
  return layout(locale, t('consoleTitle'), body, { wide: true });
}

/**
 * A console page that says no: 403 (the operator's roles lack the page) or 404 (no such record).
 * `message` names the missing thing more precisely; `back` leads somewhere better than the start page.
 */
export function refusalPage(
  locale: Locale,
  kind: 'forbidden' | 'notFound',
  opts: { message?: AdminText; back?: { href: string; label: AdminText } } = {},
): string {
  const t = (key: AdminText) => escapeHtml(adminText(locale, key));
  const title = t(kind === 'forbidden' ? 'forbiddenTitle' : 'notFoundTitle');
  const message = t(opts.message ?? (kind === 'forbidden' ? 'forbidden' : 'notFoundAny'));
  const back = opts.back ?? { href: '/admin', label: 'backToConsole' };
  return layout(locale, title, `<h1>${title}</h1><p>${message}</p><p><a href="${back.href}">${t(back.label)}</a></p>`);
}

/** A time every operator reads alike, whatever their language: UTC, to the minute (or the second). */
export function utcTimeHtml(at: Date | null, opts: { seconds?: boolean } = {}): string {
  if (!at) return '';
  const iso = at.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, opts.seconds ? 19 : 16).replace('T', ' ')} UTC</time>`;
}

/** A status or alert line in words already translated (a console area's own texts). */
export const messageHtml = (kind: 'status' | 'alert', text: string) =>
  `<p id="notice" class="notice${kind === 'alert' ? ' alert' : ''}" role="${kind}">${escapeHtml(text)}</p>`;
