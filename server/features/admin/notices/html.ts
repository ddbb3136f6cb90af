import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { layout, refusalPage } from '#server/features/admin/html.ts';
import type { ComplaintRow, NoticeRow, NoticeTargetRow } from '#server/features/notices/data.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { type NoticesText, noticesText } from './texts.ts';

/** The console's notices screen: the queue and one notice with its decision and complaint forms. */

export type NoticesNotice = { kind: 'status' | 'alert'; key: NoticesText; vars?: Record<string, string> };

const EXCERPT = 200;

const translator =
  (locale: Locale) =>
  (key: NoticesText, vars?: Record<string, string>): string =>
    escapeHtml(noticesText(locale, key, vars));

/** A time every operator reads alike: UTC, to the minute. */
function timeHtml(at: Date | null): string {
  if (!at) return '';
  const iso = at.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

/** A span of time as the queue says it: "25 min", "3 h", "3 h 20 min", "2 d 4 h". */
export function durationText(locale: Locale, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return noticesText(locale, 'minutes', { n: String(minutes) });
  if (hours >= 24) return noticesText(locale, 'days', { d: String(Math.floor(hours / 24)), h: String(hours % 24) });
  const m = minutes % 60;
  return m === 0
    ? noticesText(locale, 'hours', { n: String(hours) })
    : noticesText(locale, 'hoursMinutes', { h: String(hours), m: String(m) });
}

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

const categoryText = (locale: Locale, category: string) =>
  escapeHtml(translate(locale, `content.takedown.categories.${category}`));

function noticeHtml(locale: Locale, notice: NoticesNotice | null) {
  if (!notice) return '';
  const kind = notice.kind === 'alert' ? ' alert' : '';
  return `<p id="notice" class="notice${kind}" role="${notice.kind}">${translator(locale)(notice.key, notice.vars)}</p>`;
}

const urlList = (urls: string[]) => `<ul class="urls">${urls.map((u) => `<li>${escapeHtml(u)}</li>`).join('')}</ul>`;

const EXTRA_STYLE = `<style>
.urls{margin:0;padding-left:1rem;overflow-wrap:anywhere}
.block{white-space:pre-wrap;overflow-wrap:anywhere;background:rgb(240 242 245);padding:.5rem .75rem;border-radius:6px}
fieldset{border:1px solid rgb(200 206 214);border-radius:6px;margin:0 0 1rem;padding:.5rem .75rem}
legend{font-weight:600;padding:0 .25rem}
fieldset label{font-weight:400;display:flex;gap:.5rem;align-items:flex-start;margin:.35rem 0}
fieldset input{width:auto;margin-top:.2rem}
.complaint{border-top:1px solid rgb(220 224 230);padding-top:.75rem;margin-top:.75rem}
.url{overflow-wrap:anywhere;color:rgb(64 72 82)}
.preview{margin-top:.35rem;border-radius:4px;object-fit:cover;background:rgb(220 224 230)}
@media (max-width:40rem){table.stack thead{display:none}table.stack tr{display:block;border-bottom:1px solid rgb(220 224 230);padding:.4rem 0}
table.stack td{display:block;border:0;padding:.15rem 0}table.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:600}}
</style>`;

/** The queue: open notices and complaints, oldest first, with how long each waits; then the latest decisions. */
export function noticesQueuePage(opts: {
  locale: Locale;
  now: Date;
  notices: NoticeRow[];
  complaints: ComplaintRow[];
  decided: (NoticeRow & { decidedByName: string | null })[];
  openNotices: number;
  openComplaints: number;
}): string {
  const { locale, now } = opts;
  const t = translator(locale);
  const waiting = (since: Date) => t('waiting', { time: durationText(locale, now.getTime() - since.getTime()) });
  const noticeLine = (n: NoticeRow) =>
    `<tr><td><a href="/admin/notices/${n.id}">#${n.id}</a></td><td data-label="${t('colReceived')}">${timeHtml(n.createdAt)}</td><td>${waiting(n.createdAt)}</td>
<td data-label="${t('colCategory')}">${categoryText(locale, n.category)}</td><td data-label="${t('colUrls')}">${urlList(n.urls)}</td><td class="excerpt" data-label="${t('colExplanation')}">${escapeHtml(excerpt(n.explanation))}</td></tr>`;
  const notices = opts.notices.length
    ? `<div class="table-wrap"><table class="stack"><thead><tr><th scope="col">${t('colNotice')}</th><th scope="col">${t('colReceived')}</th><th scope="col">${t('colWaiting')}</th><th scope="col">${t('colCategory')}</th><th scope="col">${t('colUrls')}</th><th scope="col">${t('colExplanation')}</th></tr></thead>
<tbody>${opts.notices.map(noticeLine).join('\n')}</tbody></table></div>`
    : `<p>${t('noNotices')}</p>`;
  const complaintLine = (c: ComplaintRow) =>
    `<tr><td><a href="/admin/notices/${c.noticeId}#complaint-${c.id}">#${c.noticeId}</a></td><td data-label="${t('colParty')}">${t(`who_${c.party}`)}</td><td data-label="${t('colReceived')}">${timeHtml(c.createdAt)}</td><td>${waiting(c.createdAt)}</td><td class="excerpt" data-label="${t('colText')}">${escapeHtml(excerpt(c.text))}</td></tr>`;
  const complaints = opts.complaints.length
    ? `<div class="table-wrap"><table class="stack"><thead><tr><th scope="col">${t('colNotice')}</th><th scope="col">${t('colParty')}</th><th scope="col">${t('colReceived')}</th><th scope="col">${t('colWaiting')}</th><th scope="col">${t('colText')}</th></tr></thead>
<tbody>${opts.complaints.map(complaintLine).join('\n')}</tbody></table></div>`
    : `<p>${t('noComplaints')}</p>`;
  const decidedLine = (n: NoticeRow & { decidedByName: string | null }) =>
    `<tr><td><a href="/admin/notices/${n.id}">#${n.id}</a></td><td data-label="${t('colDecision')}">${t(n.action === 'remove' ? 'decisionRemoved' : 'decisionKept')} (${t(`ground_${n.ground ?? 'none'}`)})</td>
<td data-label="${t('colTimeToDecision')}">${n.decidedAt ? escapeHtml(durationText(locale, n.decidedAt.getTime() - n.createdAt.getTime())) : ''}</td><td data-label="${t('colBy')}">${escapeHtml(n.decidedByName ?? '')}</td></tr>`;
  const decided = opts.decided.length
    ? `<div class="table-wrap"><table class="stack"><thead><tr><th scope="col">${t('colNotice')}</th><th scope="col">${t('colDecision')}</th><th scope="col">${t('colTimeToDecision')}</th><th scope="col">${t('colBy')}</th></tr></thead>
<tbody>${opts.decided.map(decidedLine).join('\n')}</tbody></table></div>`
    : `<p>${t('noDecisions')}</p>`;
  const counts = t('counts', { notices: String(opts.openNotices), complaints: String(opts.openComplaints) });
  const body = `${EXTRA_STYLE}<p><a href="/admin">${t('backToConsole')}</a></p><h1>${t('title')}</h1><p>${t('intro')}</p><p>${counts}</p>
<h2>${t('openNotices')}</h2>${notices}<h2>${t('openComplaints')}</h2>${complaints}<h2>${t('recentDecisions')}</h2>${decided}`;
  return layout(locale, t('title'), body, { wide: true });
}

/** Where a resolved target can be seen on the site. */
function publicPath(target: NoticeTargetRow): string | null {
  if (target.targetId === null) return null;
  if (target.kind === 'video') return `/videos/clip/${target.targetId}`;
  if (target.kind === 'gallery' && target.showUniversalId)
    return `/chat/${encodeURIComponent(target.showUniversalId)}/galleries/${target.targetId}`;
  if (target.kind === 'show' && target.showUniversalId) return `/chat/${encodeURIComponent(target.showUniversalId)}`;
  return null;
}

function targetHtml(locale: Locale, target: NoticeTargetRow): string {
  const t = translator(locale);
  const path = publicPath(target);
  const status = target.status ? ` · ${t(`status_${target.status}` as NoticesText)}` : '';
  const show = target.kind !== 'show' && target.showName ? ` ${t('ofShow', { show: target.showName })}` : '';
  const what =
    target.kind === 'other'
      ? `<strong>${t('kind_other')}</strong>`
      : `<strong>${t(`kind_${target.kind}`)}: ${escapeHtml(target.title ?? '')}</strong>${show}${status}`;
  const link = path ? `<br><a href="${escapeHtml(path)}" target="_blank" rel="noreferrer">${t('openPublic')}</a>` : '';
  // A published video's poster, so the moderator sees what is named before opening it.
  const preview =
    target.kind === 'video' && target.status === 'published'
      ? `<br><img class="preview" src="/api/videos/image/${target.targetId}/1" alt="" width="160" height="90" loading="lazy">`
      : '';
  return `<li class="target" data-kind="${target.kind}">${what}<br><span class="url">${escapeHtml(target.url)}</span>${link}${preview}</li>`;
}

export type DecisionDraft = { action: string; ground: string; reasoning: string; automated: string };
export type ComplaintDraft = { complaintId: number; outcome: string; reasoning: string };

const radio = (name: string, value: string, label: string, checked: boolean, required = true) =>
  `<label><input type="radio" name="${name}" value="${value}"${checked ? ' checked' : ''}${required ? ' required' : ''}> <span>${label}</span></label>`;

function decisionForm(
  locale: Locale,
  noticeId: number,
  token: string,
  draft: DecisionDraft,
  max: number,
  alert: boolean,
) {
  const t = translator(locale);
  const describedBy = alert
    ? ' aria-invalid="true" aria-describedby="notice reasoning-hint"'
    : ' aria-describedby="reasoning-hint"';
  return `<h2>${t('decisionTitle')}</h2>
<form method="post" action="/admin/notices/${noticeId}/decide">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<fieldset><legend>${t('actionLegend')}</legend>${radio('action', 'remove', t('action_remove'), draft.action === 'remove')}${radio('action', 'keep', t('action_keep'), draft.action === 'keep')}</fieldset>
<fieldset><legend>${t('groundLegend')}</legend>${radio('ground', 'illegal', t('ground_illegal'), draft.ground === 'illegal')}${radio('ground', 'terms', t('ground_terms'), draft.ground === 'terms')}${radio('ground', 'none', t('ground_none'), draft.ground === 'none')}</fieldset>
<div class="field"><label for="reasoning">${t('reasoningLabel')}</label><textarea id="reasoning" name="reasoning" rows="6" maxlength="${max}" required${describedBy}>${escapeHtml(draft.reasoning)}</textarea><p id="reasoning-hint" class="hint">${t('reasoningHint', { max: String(max) })}</p></div>
<fieldset><legend>${t('automatedLegend')}</legend>${radio('automated', 'no', t('automatedNo'), true)}</fieldset>
<button type="submit">${t('decideSubmit')}</button>
</form>`;
}

function complaintHtml(opts: {
  locale: Locale;
  now: Date;
  complaint: ComplaintRow;
  token: string;
  mayDecide: boolean;
  draft: ComplaintDraft | null;
  max: number;
}): string {
  const { locale, complaint: c } = opts;
  const t = translator(locale);
  const state =
    c.status === 'open'
      ? t('complaintState_open', { time: durationText(locale, opts.now.getTime() - c.createdAt.getTime()) })
      : `${t(`complaintState_${c.status}`, { time: c.decidedAt ? `${c.decidedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '' })}`;
  const reasons = c.status !== 'open' && c.reasoning ? `<p class="block">${escapeHtml(c.reasoning)}</p>` : '';
  const draft = opts.draft?.complaintId === c.id ? opts.draft : { complaintId: c.id, outcome: '', reasoning: '' };
  const form =
    c.status !== 'open'
      ? ''
      : opts.mayDecide
        ? `<form method="post" action="/admin/notices/complaints/${c.id}/decide">
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
<fieldset><legend>${t('outcomeLegend')}</legend>${radio('outcome', 'upheld', t('outcome_upheld'), draft.outcome === 'upheld')}${radio('outcome', 'rejected', t('outcome_rejected'), draft.outcome === 'rejected')}</fieldset>
<div class="field"><label for="creasoning-${c.id}">${t('complaintReasoningLabel')}</label><textarea id="creasoning-${c.id}" name="reasoning" rows="4" maxlength="${opts.max}" required>${escapeHtml(draft.reasoning)}</textarea></div>
<button type="submit">${t('complaintSubmit')}</button></form>`
        : `<p class="notice alert">${t('sameModerator')}</p>`;
  return `<section class="complaint" id="complaint-${c.id}" aria-labelledby="complaint-${c.id}-head"><h3 id="complaint-${c.id}-head">${t('complaintHead', { id: String(c.id), party: noticesText(locale, `party_${c.party}`), time: `${c.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` })}</h3>
<p>${state}</p><p class="block">${escapeHtml(c.text)}</p>${reasons}${form}</section>`;
}

/** One notice: who sent it, what it says, what it points at, and its decision (form or summary) and complaints. */
export function noticePage(opts: {
  locale: Locale;
  now: Date;
  notice: NoticeRow;
  decidedByName: string | null;
  targets: NoticeTargetRow[];
  complaints: ComplaintRow[];
  operatorId: number;
  formToken: string;
  banner: NoticesNotice | null;
  draft: DecisionDraft;
  complaintDraft: ComplaintDraft | null;
  maxLength: number;
}): string {
  const { locale, notice: n, now } = opts;
  const t = translator(locale);
  const title = t('noticeTitle', { id: String(n.id) });
  const state = n.decidedAt
    ? t('stateDecided', {
        time: `${n.decidedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        duration: durationText(locale, n.decidedAt.getTime() - n.createdAt.getTime()),
      })
    : t('stateOpen', { time: durationText(locale, now.getTime() - n.createdAt.getTime()) });
  const who =
    n.name && n.email
      ? t('notifierNamed', { name: n.name, email: n.email })
      : n.name
        ? t('notifierNoEmail', { name: n.name })
        : n.email
          ? escapeHtml(n.email)
          : t('notifierAnonymous');
  const ours = opts.targets.some((x) => x.kind !== 'other');
  const alert = opts.banner?.kind === 'alert';
  const decision = n.decidedAt
    ? `<h2>${t('decisionTitle')}</h2><p>${t('decisionSummary', {
        action: noticesText(locale, n.action === 'remove' ? 'decisionRemoved' : 'decisionKept'),
        ground: noticesText(locale, `ground_${n.ground ?? 'none'}`),
        by: opts.decidedByName ?? '',
      })}</p><p class="block">${escapeHtml(n.reasoning ?? '')}</p>
<h2>${t('complaintsTitle')}</h2>${
        opts.complaints.length
          ? opts.complaints
              .map((c) =>
                complaintHtml({
                  locale,
                  now,
                  complaint: c,
                  token: opts.formToken,
                  mayDecide: n.decidedBy !== opts.operatorId,
                  draft: opts.complaintDraft,
                  max: opts.maxLength,
                }),
              )
              .join('\n')
          : `<p>${t('noComplaintsHere')}</p>`
      }`
    : `${ours ? '' : `<p class="hint">${t('noTargetsToRemove')}</p>`}${decisionForm(locale, n.id, opts.formToken, opts.draft, opts.maxLength, alert)}`;
  const body = `${EXTRA_STYLE}<p><a href="/admin/notices">${t('backToQueue')}</a></p><h1>${title}</h1>
${noticeHtml(locale, opts.banner)}
<p>${t('received', { time: '' })}${timeHtml(n.createdAt)}</p><p id="state">${state}</p>
<h2>${t('notifier')}</h2><p>${who}</p>
<h2>${t('category')}</h2><p>${categoryText(locale, n.category)}</p>
<h2>${t('explanation')}</h2><p class="block">${escapeHtml(n.explanation)}</p>
<h2>${t('content')}</h2><ul class="targets">${opts.targets.map((x) => targetHtml(locale, x)).join('\n')}</ul>
${decision}`;
  return layout(locale, title, body, { wide: true });
}

/** 403 or 404 of the notices screen, leading back to the queue. */
export const noticesRefusalPage = (locale: Locale, kind: 'forbidden' | 'notFound'): string =>
  kind === 'notFound'
    ? refusalPage(locale, kind, { back: { href: '/admin/notices', label: 'backToConsole' } })
    : refusalPage(locale, kind);
