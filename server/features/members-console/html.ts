import type { Locale } from '#common/constants.ts';
import { layout } from '#server/features/admin/html.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { MemberHit } from './data.ts';
import { type MembersText, membersText } from './texts.ts';

/** The console's member search page, and what the member screens share (times, pagers, notices). */

export type MembersNotice = { kind: 'status' | 'alert'; key: MembersText; vars?: Record<string, string> };

export const translator =
  (locale: Locale) =>
  (key: MembersText, vars?: Record<string, string>): string =>
    escapeHtml(membersText(locale, key, vars));

/** Tables scroll sideways on narrow screens rather than squeezing their columns. */
export const MEMBERS_STYLE = `<style>
h1{overflow-wrap:anywhere}
.scroll{overflow-x:auto;margin:.5rem 0}.scroll table{margin:0}.scroll table.many{min-width:34rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:.5rem 0}dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
@media (max-width:40rem){dl.facts{grid-template-columns:1fr;gap:0}dl.facts dd{margin-bottom:.5rem}}
td.num,th.num{text-align:right;white-space:nowrap}.flag{color:rgb(160 40 30);font-weight:600}
form.search{display:flex;gap:.5rem;align-items:flex-end;flex-wrap:wrap}form.search .field{flex:1 1 16rem;margin:0}
.field .hint.above{margin:0 0 .35rem}
section.action{border-top:1px solid rgb(220 224 230);margin-top:1.25rem}section.action>.hint{margin:0 0 .75rem}
fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:600;margin-bottom:.25rem;padding:0}
.inline label{display:inline;font-weight:400}.inline input{width:auto;margin:0 .4rem 0 0}
td form{display:flex;flex-direction:column;gap:.35rem;min-width:12rem}td form label{font-weight:400;font-size:.9rem;margin:0}
</style>`;

/** A time every operator reads alike, whatever their language: UTC, to the minute. */
export function timeHtml(at: Date | null): string {
  if (!at) return '';
  const iso = at.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

export const noticeHtml = (locale: Locale, notice: MembersNotice | null) =>
  notice
    ? `<p id="notice" class="notice${notice.kind === 'alert' ? ' alert' : ''}" role="${notice.kind}">${translator(locale)(notice.key, notice.vars)}</p>`
    : '';

/** Newer/older links of a paged list; `href(page)` makes a page's address. */
export function pager(locale: Locale, page: number, pages: number, href: (page: number) => string, label: string) {
  if (pages <= 1) return '';
  const t = translator(locale);
  const prev = page > 1 ? `<a rel="prev" href="${escapeHtml(href(page - 1))}">${t('previous')}</a>` : '';
  const next = page < pages ? `<a rel="next" href="${escapeHtml(href(page + 1))}">${t('next')}</a>` : '';
  const where = t('pageOf', { page: String(page), pages: String(pages) });
  return `<nav class="pages" aria-label="${escapeHtml(label)}">${prev}<span>${where}</span>${next}</nav>`;
}

export const statusText = (locale: Locale, status: string) =>
  status === 'active' || status === 'blocked' || status === 'cancelled'
    ? translator(locale)(`status_${status}`)
    : escapeHtml(status);

/** The search form and, for a term, its paged results. */
export function searchPage(opts: {
  locale: Locale;
  q: string;
  rows: MemberHit[];
  total: number;
  page: number;
  pages: number;
}): string {
  const { locale, q } = opts;
  const t = translator(locale);
  const row = (m: MemberHit) =>
    `<tr><td class="num">${m.id}</td><td><a href="/admin/members/${m.id}">${escapeHtml(m.email)}</a></td><td>${escapeHtml(m.nickname ?? m.name ?? '')}</td><td>${statusText(locale, m.status)}</td><td>${timeHtml(m.createdAt)}</td></tr>`;
  let results = `<p>${t('searchFirst')}</p>`;
  if (q) {
    results = opts.rows.length
      ? `<p role="status">${t('found', { total: String(opts.total) })}</p><div class="scroll"><table class="many"><thead><tr><th scope="col" class="num">${t('colId')}</th><th scope="col">${t('colEmail')}</th><th scope="col">${t('colNickname')}</th><th scope="col">${t('colStatus')}</th><th scope="col">${t('colCreated')}</th></tr></thead>
<tbody>${opts.rows.map(row).join('\n')}</tbody></table></div>${pager(locale, opts.page, opts.pages, (p) => `/admin/members?q=${encodeURIComponent(q)}&page=${p}`, membersText(locale, 'pages'))}`
      : `<p role="status">${t('noneFound', { q })}</p>`;
  }
  const body = `${MEMBERS_STYLE}<p><a href="/admin">${t('backToConsole')}</a></p><h1>${t('title')}</h1>
<form class="search" method="get" action="/admin/members" role="search">
<div class="field"><label for="q">${t('searchLabel')}</label><p id="q-hint" class="hint above">${t('searchHint')}</p><input id="q" name="q" type="search" value="${escapeHtml(q)}" maxlength="254" autocomplete="off" aria-describedby="q-hint"></div>
<button type="submit">${t('searchSubmit')}</button></form>
${results}`;
  return layout(locale, t('title'), body, { wide: true });
}

/** A member screen's 404: no such member or order. */
export function membersNotFound(locale: Locale, key: 'memberNotFound' | 'orderNotFound'): string {
  const t = translator(locale);
  return layout(locale, t(key), `<h1>${t(key)}</h1><p><a href="/admin/members">${t('backToSearch')}</a></p>`);
}
