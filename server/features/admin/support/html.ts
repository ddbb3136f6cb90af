import type { Locale } from '#common/constants.ts';
import { type AdminNotice, layout, noticeHtml, refusalPage } from '#server/features/admin/html.ts';
import { type AdminText, adminText } from '#server/features/admin/texts.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { DeskConversation, DeskMessage } from './data.ts';

/** The support desk's pages (/admin/support): the list of conversations and one thread with the reply form. */

const EXCERPT = 140;

const translator =
  (locale: Locale) =>
  (key: AdminText, vars?: Record<string, string>): string =>
    escapeHtml(adminText(locale, key, vars));

/** A time every operator reads alike, whatever their language: UTC, to the minute. */
function timeHtml(at: Date | null): string {
  if (!at) return '';
  const iso = at.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

const excerpt = (body: string) => (body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body);

const memberName = (c: DeskConversation) => c.name ?? c.email;

function pager(locale: Locale, page: number, pages: number): string {
  if (pages <= 1) return '';
  const t = translator(locale);
  const newer = page > 1 ? `<a rel="prev" href="/admin/support?page=${page - 1}">${t('newer')}</a>` : '';
  const older = page < pages ? `<a rel="next" href="/admin/support?page=${page + 1}">${t('older')}</a>` : '';
  const where = t('pageOf', { page: String(page), pages: String(pages) });
  return `<nav class="pages" aria-label="${t('pages')}">${newer}<span>${where}</span>${older}</nav>`;
}

/** The desk's list: each conversation's member, latest message, its time and the desk's unread count. */
export function deskListPage(opts: {
  locale: Locale;
  rows: DeskConversation[];
  total: number;
  unread: number;
  page: number;
  pages: number;
}): string {
  const { locale, rows } = opts;
  const t = translator(locale);
  const line = (c: DeskConversation) => {
    const last = c.lastBody === null ? '' : excerpt(c.lastBody);
    const who = c.lastFromDesk ? `${t('deskAuthor')}: ` : '';
    return `<tr${c.staffUnread > 0 ? ' class="unread"' : ''}><td><a href="/admin/support/${c.id}">${escapeHtml(c.email)}</a>${c.name ? `<br>${escapeHtml(c.name)}` : ''}</td>
<td class="excerpt">${who}${escapeHtml(last)}</td><td>${timeHtml(c.lastMessageAt)}</td><td>${c.staffUnread}</td></tr>`;
  };
  const table = rows.length
    ? `<table><caption>${t('deskIntro')}</caption><thead><tr><th scope="col">${t('colMember')}</th><th scope="col">${t('colLast')}</th><th scope="col">${t('colTime')}</th><th scope="col">${t('colUnread')}</th></tr></thead>
<tbody>${rows.map(line).join('\n')}</tbody></table>`
    : `<p>${t('deskEmpty')}</p>`;
  const counts = t('deskCounts', { total: String(opts.total), unread: String(opts.unread) });
  const body = `<p><a href="/admin">${t('backToConsole')}</a></p><h1>${t('deskTitle')}</h1><p>${counts}</p>
${table}${pager(locale, opts.page, opts.pages)}`;
  return layout(locale, t('deskTitle'), body, { wide: true });
}

/** One conversation, oldest message first, and the form that answers the member. */
export function deskThreadPage(opts: {
  locale: Locale;
  conversation: DeskConversation;
  messages: DeskMessage[];
  total: number;
  notice: AdminNotice | null;
  formToken: string;
  formKey: string;
  draft: string;
  maxLength: number;
}): string {
  const { locale, conversation: c } = opts;
  const t = translator(locale);
  const author = (m: DeskMessage) => {
    if (m.author === 'member') return `${t('memberAuthor')} · ${escapeHtml(memberName(c))}`;
    return m.operatorName ? t('deskAuthorNamed', { name: m.operatorName }) : t('deskAuthor');
  };
  const item = (m: DeskMessage) =>
    `<li class="msg ${m.author === 'member' ? 'member' : 'desk'}" id="m${m.id}"><p class="meta"><strong>${author(m)}</strong> ${timeHtml(m.createdAt)}</p><p class="body">${escapeHtml(m.body)}</p></li>`;
  const hidden =
    opts.total > opts.messages.length
      ? `<p class="hint">${t('olderHidden', { count: String(opts.messages.length) })}</p>`
      : '';
  const invalid =
    opts.notice?.kind === 'alert'
      ? ' aria-invalid="true" aria-describedby="notice body-hint"'
      : ' aria-describedby="body-hint"';
  const max = String(opts.maxLength);
  const title = t('threadTitle', { member: memberName(c) });
  const body = `<p><a href="/admin/support">${t('backToDesk')}</a></p><h1>${title}</h1>
<p>${t('memberDetails', { name: memberName(c), email: c.email })}</p>${hidden}
<ol class="thread">${opts.messages.map(item).join('\n')}</ol>
${noticeHtml(locale, opts.notice)}
<form method="post" action="/admin/support/${c.id}/reply">
<input type="hidden" name="token" value="${escapeHtml(opts.formToken)}"><input type="hidden" name="key" value="${escapeHtml(opts.formKey)}">
<div class="field"><label for="body">${t('replyLabel')}</label><textarea id="body" name="body" rows="6" maxlength="${max}" required${invalid}>${escapeHtml(opts.draft)}</textarea><p id="body-hint" class="hint">${t('replyHint', { max })}</p></div>
<button type="submit">${t('replySubmit')}</button>
</form>`;
  return layout(locale, title, body, { wide: true });
}

/** A console page that says no: the role is missing (403) or the conversation unknown (404). */
export const deskRefusalPage = (locale: Locale, kind: 'forbidden' | 'notFound'): string =>
  kind === 'notFound'
    ? refusalPage(locale, kind, { message: 'notFound', back: { href: '/admin/support', label: 'backToDesk' } })
    : refusalPage(locale, kind);
