import type { Locale } from '#common/constants.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { sandboxPage } from '#server/http/sandbox-page-kit.ts';
import { type StudioText, studioText } from './texts.ts';

export type StudioRow = {
  universalId: string;
  showName: string;
  online: boolean;
  phoneChat: boolean;
  phoneChatOn: boolean;
};
export type StudioNotice = { kind: 'status' | 'alert'; text: string };

/** The studio stand-in's page around a body; its banner says what it stands in for. */
const page = (locale: Locale, body: string, layout: 'card' | 'wide' = 'wide') =>
  sandboxPage(locale, studioText(locale, 'title'), body, {
    look: 'studio',
    layout,
    banner: studioText(locale, 'banner'),
  });

const attr = (v: string) => escapeHtml(v);

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
  return page(
    locale,
    `<h1>${t('title')}</h1><p>${t('intro')}</p>${notice}
${opts.phoneChat ?? ''}
<form class="search" method="get" action="/sandbox/studio" role="search"><div><label for="q">${t('search')}</label>
<input type="search" id="q" name="q" value="${attr(q)}" maxlength="100" autocomplete="off"></div>
<button type="submit">${t('searchSubmit')}</button>${q ? `<a class="link" href="/sandbox/studio">${t('showAll')}</a>` : ''}</form>
${table}`,
  );
}

/** A short page for refusals (expired form, unknown performer). */
export function studioMessagePage(locale: Locale, key: StudioText): string {
  const t = (k: StudioText) => escapeHtml(studioText(locale, k));
  return page(
    locale,
    `<h1>${t('title')}</h1><p class="notice alert" role="alert">${t(key)}</p>
<p><a class="link" href="/sandbox/studio">${t('showAll')}</a></p>`,
    'card',
  );
}
