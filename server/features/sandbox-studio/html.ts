import type { FastifyReply } from 'fastify';
import type { Locale } from '#common/constants.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { type StudioText, studioText } from './texts.ts';

export type StudioRow = {
  universalId: string;
  showName: string;
  online: boolean;
  phoneChat: boolean;
  phoneChatOn: boolean;
};
export type StudioNotice = { kind: 'status' | 'alert'; text: string };

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:rgb(240 242 245);color:rgb(28 32 38)}
.banner{background:rgb(84 44 110);color:white;padding:.75rem 1rem;font-size:.9rem}
main{max-width:48rem;margin:1rem auto;background:white;border-radius:8px;padding:1rem 1.25rem;box-shadow:0 1px 4px rgb(0 0 0 / 13%)}
h1{font-size:1.4rem;margin:.25rem 0 .5rem}
.search{display:flex;gap:.5rem;flex-wrap:wrap;align-items:end;margin:1rem 0}
.search label{display:block;font-weight:600;margin-bottom:.25rem}
input{font:inherit;padding:.5rem;border:1px solid rgb(132 140 150);border-radius:4px;min-width:14rem}
button,.link{font:inherit;font-weight:600;padding:.5rem .9rem;border:0;border-radius:4px;cursor:pointer;background:rgb(84 44 110);color:white;text-decoration:none}
.link{background:rgb(225 228 233);color:rgb(28 32 38)}
button.off{background:rgb(150 40 40)}
button:focus-visible,input:focus-visible,.link:focus-visible{outline:3px solid rgb(245 166 35);outline-offset:2px}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid rgb(225 228 233)}
.state{font-weight:600}
.state.on{color:rgb(20 120 50)}
.state.on::before{content:'';display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:rgb(20 150 60);margin-right:.4rem}
.notice{padding:.6rem .8rem;border-radius:4px;background:rgb(230 244 234)}
.notice.alert{background:rgb(252 232 230)}
.count{color:rgb(80 88 98);font-size:.9rem}
h2{font-size:1.1rem;margin:1rem 0 .5rem}
@media (max-width:40rem){main{margin:0;border-radius:0;padding:1rem}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}table,tbody,tr,td{display:block}tr{border-bottom:1px solid rgb(225 228 233);padding:.5rem 0}td{border:0;padding:.25rem 0}td form{display:inline-block;margin:.25rem .5rem 0 0}}
.calls{list-style:none;padding:0}.calls li{padding:.5rem 0;border-bottom:1px solid rgb(225 228 233)}
`;

const attr = (v: string) => escapeHtml(v);

/** A console page: never cached, it holds the form token. */
export const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/** Her "takes calls" switch, for a show with phone chat while a phone-chat line runs; else the offer. */
function callsSwitch(locale: Locale, r: StudioRow, token: string, q: string): string {
  const t = (key: StudioText, vars?: Record<string, string>) => escapeHtml(studioText(locale, key, vars));
  if (!r.phoneChat) {
    return `<form method="post" action="/sandbox/studio/phone-chat/offer">
<input type="hidden" name="token" value="${attr(token)}"><input type="hidden" name="show" value="${attr(r.universalId)}">
<input type="hidden" name="q" value="${attr(q)}">
<button type="submit" class="link" aria-label="${t('offerCallsLabel', { name: r.showName })}">${t('offerCalls')}</button>
</form>`;
  }
  const on = r.phoneChatOn;
  const label = on ? t('stopCallsLabel', { name: r.showName }) : t('takeCallsLabel', { name: r.showName });
  return `<br><span class="state${on ? ' on' : ''}">${on ? t('calls') : t('noCalls')}</span>
<form method="post" action="/sandbox/studio/phone-chat/taking">
<input type="hidden" name="token" value="${attr(token)}"><input type="hidden" name="show" value="${attr(r.universalId)}">
<input type="hidden" name="on" value="${on ? '0' : '1'}"><input type="hidden" name="q" value="${attr(q)}">
<button type="submit"${on ? ' class="off"' : ''} aria-label="${label}">${on ? t('stopCalls') : t('takeCalls')}</button>
</form>`;
}

function row(locale: Locale, r: StudioRow, token: string, q: string, phoneChatLine: boolean): string {
  const t = (key: StudioText, vars?: Record<string, string>) => escapeHtml(studioText(locale, key, vars));
  const next = r.online ? '0' : '1';
  const label = r.online ? t('goOfflineLabel', { name: r.showName }) : t('goOnlineLabel', { name: r.showName });
  return `<tr><td>${escapeHtml(r.showName)} <small>(${escapeHtml(r.universalId)})</small></td>
<td><span class="state${r.online ? ' on' : ''}">${r.online ? t('online') : t('offline')}</span>${phoneChatLine ? callsSwitch(locale, r, token, q) : ''}</td>
<td><form method="post" action="/sandbox/studio/presence">
<input type="hidden" name="token" value="${attr(token)}"><input type="hidden" name="show" value="${attr(r.universalId)}">
<input type="hidden" name="online" value="${next}"><input type="hidden" name="q" value="${attr(q)}">
<button type="submit"${r.online ? ' class="off"' : ''} aria-label="${label}">${r.online ? t('goOffline') : t('goOnline')}</button>
</form></td></tr>`;
}

/** The console: a search by name, then each performer with her state and the button that flips it. */
export function studioPage(opts: {
  locale: Locale;
  q: string;
  rows: StudioRow[];
  total: number;
  token: string;
  notice: StudioNotice | null;
  /** The phone-chat section (server/features/phonechat/html.ts), above the performers. */
  phoneChat?: string;
  /** A phone-chat line runs: phone-chat shows get their "takes calls" switch. */
  phoneChatLine?: boolean;
}): string {
  const { locale, q, rows } = opts;
  const t = (key: StudioText, vars?: Record<string, string | number>) => escapeHtml(studioText(locale, key, vars));
  const notice = opts.notice
    ? `<p class="notice${opts.notice.kind === 'alert' ? ' alert' : ''}" role="${opts.notice.kind}">${escapeHtml(opts.notice.text)}</p>`
    : '';
  const table = rows.length
    ? `<p class="count">${t('count', { shown: rows.length, total: opts.total })}</p>
<table><thead><tr><th scope="col">${t('performer')}</th><th scope="col">${t('state')}</th><th scope="col">${t('action')}</th></tr></thead>
<tbody>${rows.map((r) => row(locale, r, opts.token, q, opts.phoneChatLine ?? false)).join('')}</tbody></table>`
    : `<p>${t('empty')}</p>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t('title')}</title><style>${STYLE}</style></head>
<body><div class="banner" role="note">${t('banner')}</div><main><h1>${t('title')}</h1><p>${t('intro')}</p>${notice}
${opts.phoneChat ?? ''}
<form class="search" method="get" action="/sandbox/studio" role="search"><div><label for="q">${t('search')}</label>
<input type="search" id="q" name="q" value="${attr(q)}" maxlength="100" autocomplete="off"></div>
<button type="submit">${t('searchSubmit')}</button>${q ? `<a class="link" href="/sandbox/studio">${t('showAll')}</a>` : ''}</form>
${table}</main></body></html>`;
}

/** A short page for refusals (expired form, unknown performer). */
export function studioMessagePage(locale: Locale, key: StudioText): string {
  const t = (k: StudioText) => escapeHtml(studioText(locale, k));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t('title')}</title><style>${STYLE}</style></head>
<body><div class="banner" role="note">${t('banner')}</div><main><h1>${t('title')}</h1><p class="notice alert" role="alert">${t(key)}</p>
<p><a class="link" href="/sandbox/studio">${t('showAll')}</a></p></main></body></html>`;
}
