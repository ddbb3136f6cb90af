import { DOCUMENT_KINDS } from '#common/api/onboarding.ts';
import type { Locale } from '#common/constants.ts';
import { layout } from '#server/features/admin/html.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { OnboardingText } from './console-texts.ts';
import { onboardingText } from './console-texts.ts';
import type { ApplicationDetail, QueueEntry, RecordRow } from './data.ts';
import { ID_TYPES, type RecordForm, type RecordFormErrors } from './record-form.ts';

/** The console's performer pages: the applications queue, one application, and the 2257 record. */

const tr = (locale: Locale) => (key: OnboardingText, vars?: Record<string, string>) =>
  escapeHtml(onboardingText(locale, key, vars));

const utc = (at: Date) =>
  `<time datetime="${at.toISOString()}">${at.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>`;

export function waitingFor(locale: Locale, since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  const t = tr(locale);
  if (hours < 1) return t('minutes', { minutes: String(minutes) });
  return hours < 24
    ? t('hours', { hours: String(hours) })
    : t('days', { days: String(Math.floor(hours / 24)), hours: String(hours % 24) });
}

function checkText(locale: Locale, state: string, reason: string | null): string {
  const t = tr(locale);
  if (state === 'failed') {
    const r = `reason_${reason ?? 'unknown'}` as OnboardingText;
    return t('check_failed', { reason: onboardingText(locale, r) ?? onboardingText(locale, 'reason_unknown') });
  }
  return t(`check_${state}` as OnboardingText);
}

export function queuePage(locale: Locale, rows: QueueEntry[], now: Date): string {
  const t = tr(locale);
  const line = (r: QueueEntry) =>
    `<tr><td><a href="/admin/performers/${r.performerId}">${escapeHtml(r.showName)}</a></td><td>${escapeHtml(r.email)}</td><td>${checkText(locale, r.idCheckState, r.idCheckReason)}</td><td>${r.emailConfirmed ? t('yes') : t('no')}</td><td>${waitingFor(locale, r.submittedAt, now)}</td></tr>`;
  const table = rows.length
    ? `<p id="queue-intro">${t('queueIntro')}</p><div style="overflow-x:auto"><table aria-describedby="queue-intro"><thead><tr><th scope="col">${t('colShow')}</th><th scope="col">${t('colEmail')}</th><th scope="col">${t('colCheck')}</th><th scope="col">${t('colConfirmed')}</th><th scope="col">${t('colWaiting')}</th></tr></thead><tbody>${rows.map(line).join('\n')}</tbody></table></div>`
    : `<p>${t('queueEmpty')}</p>`;
  const back = escapeHtml(locale === 'de' ? 'Zurück zur Betreiberkonsole' : 'Back to the console');
  return layout(locale, t('queueTitle'), `<p><a href="/admin">${back}</a></p><h1>${t('queueTitle')}</h1>${table}`, {
    wide: true,
  });
}

const NOTICE_KIND: Record<string, 'status' | 'alert'> = { approved: 'status', rejected: 'status', decided: 'alert' };

function field(label: string, control: string, error: string | undefined, id: string) {
  const err = error ? `<p class="hint" id="${id}-error" style="color:rgb(179 38 30)">${error}</p>` : '';
  return `<div class="field"><label for="${id}">${label}</label>${control}${err}</div>`;
}
const invalid = (error: string | undefined, id: string) =>
  error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';

export function applicationPage(opts: {
  locale: Locale;
  detail: ApplicationDetail;
  providerNow: string | null;
  formToken: string;
  custodian: string;
  today: string;
  showRecordsLink: boolean;
  /** Whether this operator may open the identity pictures (decided applications: records only). */
  showDocuments: boolean;
  notice: OnboardingText | null;
  form?: RecordForm;
  errors?: RecordFormErrors;
  reason?: string;
  reasonError?: boolean;
}): string {
  const { locale, detail } = opts;
  const a = detail.application;
  const t = tr(locale);
  const id = a.performerId;
  const e = opts.errors ?? {};
  const f = opts.form ?? { legalName: '', dateOfBirth: '', idType: '', idNumber: '', checkedOn: opts.today };
  const noticeKind = opts.notice ? (NOTICE_KIND[opts.notice] ?? 'alert') : null;
  const notice = opts.notice
    ? `<p id="notice" class="notice${noticeKind === 'alert' ? ' alert' : ''}" role="${noticeKind}">${t(opts.notice)}</p>`
    : '';
  const docs = DOCUMENT_KINDS.map((kind) => {
    const key = kind === 'id_front' ? a.idFrontKey : kind === 'id_back' ? a.idBackKey : a.selfieKey;
    const label = t(`doc_${kind}`);
    const body = !key
      ? `<p class="hint">${t('docMissing')}</p>`
      : !opts.showDocuments
        ? `<p class="hint">${t('docRecordsOnly')}</p>`
        : `<a href="/admin/performers/${id}/documents/${kind}"><img src="/admin/performers/${id}/documents/${kind}" alt="${label}" style="max-width:100%;max-height:18rem;border:1px solid rgb(200 206 212)"></a>`;
    return `<figure style="margin:0 0 1rem"><figcaption><strong>${label}</strong></figcaption>${body}</figure>`;
  }).join('');
  const pending = detail.status === 'pending' && !a.decidedAt;
  const canApprove = pending && a.idCheckState === 'passed' && a.emailConfirmedAt !== null;
  const err = (k: keyof RecordFormErrors) => (e[k] ? t(e[k] as OnboardingText) : undefined);
  const value = (v: string) => `value="${escapeHtml(v)}"`;
  const idTypes = ID_TYPES.map(
    (x) => `<option value="${x}"${f.idType === x ? ' selected' : ''}>${t(`idType_${x}` as OnboardingText)}</option>`,
  ).join('');
  const approveForm = canApprove
    ? `<h2>${t('approveTitle')}</h2><p>${t('approveIntro')}</p>
<form method="post" action="/admin/performers/${id}/approve" novalidate>
<input type="hidden" name="token" value="${escapeHtml(opts.formToken)}">
${field(t('legalName'), `<input id="legalName" name="legalName" maxlength="200" autocomplete="off" ${value(f.legalName)}${invalid(err('legalName'), 'legalName')}>`, err('legalName'), 'legalName')}
${field(t('dateOfBirth'), `<input id="dateOfBirth" name="dateOfBirth" type="date" ${value(f.dateOfBirth)}${invalid(err('dateOfBirth'), 'dateOfBirth')}>`, err('dateOfBirth'), 'dateOfBirth')}
${field(t('idType'), `<select id="idType" name="idType" style="font:inherit;width:100%;padding:.55rem;border:1px solid rgb(112 120 130);border-radius:4px"${invalid(err('idType'), 'idType')}><option value=""></option>${idTypes}</select>`, err('idType'), 'idType')}
${field(t('idNumber'), `<input id="idNumber" name="idNumber" maxlength="40" autocomplete="off" ${value(f.idNumber)}${invalid(err('idNumber'), 'idNumber')}>`, err('idNumber'), 'idNumber')}
${field(t('checkedOn'), `<input id="checkedOn" name="checkedOn" type="date" ${value(f.checkedOn)}${invalid(err('checkedOn'), 'checkedOn')}>`, err('checkedOn'), 'checkedOn')}
<p class="hint" style="margin-bottom:1rem">${t('custodian', { custodian: opts.custodian })}</p>
<button type="submit">${t('approve')}</button></form>`
    : pending
      ? `<p class="notice alert">${t('approveNeedsCheck')}</p>`
      : '';
  const reasonErr = opts.reasonError ? t('err_reason') : undefined;
  const rejectForm = pending
    ? `<h2>${t('rejectTitle')}</h2><form method="post" action="/admin/performers/${id}/reject" novalidate>
<input type="hidden" name="token" value="${escapeHtml(opts.formToken)}">
${field(t('rejectReason'), `<textarea id="reason" name="reason" rows="4" maxlength="1000"${invalid(reasonErr, 'reason')}>${escapeHtml(opts.reason ?? '')}</textarea>`, reasonErr, 'reason')}
<button type="submit">${t('reject')}</button></form>`
    : '';
  const dl = [
    [t('email'), escapeHtml(detail.email)],
    [t('status'), t(`status_${detail.status}` as OnboardingText)],
    [t('languages'), escapeHtml(a.languages.join(', '))],
    [t('categories'), escapeHtml(detail.categoryNames.join(', '))],
    [t('colConfirmed'), a.emailConfirmedAt ? t('yes') : t('no')],
    [t('submitted'), a.submittedAt ? utc(a.submittedAt) : '–'],
    [t('check'), checkText(locale, a.idCheckState, a.idCheckReason)],
    ...(opts.providerNow ? [['', t('providerNow', { state: opts.providerNow })]] : []),
  ]
    .map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`)
    .join('');
  const records = opts.showRecordsLink ? `<p><a href="/admin/performers/${id}/records">${t('records')}</a></p>` : '';
  const title = t('appTitle', { show: a.showName });
  const body = `<p><a href="/admin/performers">${t('backToQueue')}</a></p><h1>${title}</h1>${notice}
<table>${dl}</table>${records}<h2>${t('documents')}</h2>${docs}${approveForm}${rejectForm}`;
  return layout(locale, title, body, { wide: true });
}

export function recordsPage(locale: Locale, showName: string, performerId: number, record: RecordRow | null): string {
  const t = tr(locale);
  const title = t('recordsTitle', { show: showName });
  const rows = record
    ? [
        [t('legalName'), escapeHtml(record.legalName)],
        [t('dateOfBirth'), escapeHtml(record.dateOfBirth)],
        [t('idType'), t(`idType_${record.idType}` as OnboardingText)],
        [t('idNumber'), escapeHtml(record.idNumber)],
        [t('checkedOn'), escapeHtml(record.checkedOn)],
        ['', t('custodian', { custodian: record.custodian })],
        [
          '',
          t('recordedBy', {
            id: String(record.recordedBy ?? '–'),
            at: record.createdAt.toISOString().slice(0, 16).replace('T', ' '),
          }),
        ],
      ]
        .map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`)
        .join('')
    : '';
  const body = `<p><a href="/admin/performers/${performerId}">${t('backToQueue')}</a></p><h1>${title}</h1>${record ? `<table>${rows}</table>` : `<p>${t('recordsNone')}</p>`}`;
  return layout(locale, title, body, { wide: true });
}
