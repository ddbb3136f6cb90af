import type { Locale } from '#common/constants.ts';
import { layout, messageHtml, utcTimeHtml } from '#server/features/admin/html.ts';
import type { ListedOperator } from '#server/features/admin/operators/data.ts';
import { adminText } from '#server/features/admin/texts.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { AuditRow } from './data.ts';
import { type AuditText, auditText } from './texts.ts';

/** The audit log's page (/admin/audit): the filter form, a page of entries, the way to older ones. */

/** The filter as typed (echoed back into the form, escaped), each a string. */
export type AuditQuery = { operator: string; action: string; type: string; subject: string };

const translator =
  (locale: Locale) =>
  (key: AuditText, vars?: Record<string, string>): string =>
    escapeHtml(auditText(locale, key, vars));

/** A stored value as a person reads it: text as it is, a list joined, anything else as JSON. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value) ?? String(value);
}

function changes(values: Record<string, unknown> | null): string {
  if (!values || Object.keys(values).length === 0) return '';
  const pairs = Object.entries(values)
    .map(([k, v]) => `<dt>${escapeHtml(k)}:</dt><dd>${escapeHtml(valueText(v))}</dd>`)
    .join('');
  return `<dl class="changes">${pairs}</dl>`;
}

const queryString = (q: AuditQuery, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...q, ...extra })) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
};

export function auditPageHtml(opts: {
  locale: Locale;
  query: AuditQuery;
  operators: ListedOperator[];
  rows: AuditRow[];
  older: number | null;
  first: boolean;
  refusal: AuditText | null;
}): string {
  const { locale, query } = opts;
  const t = translator(locale);
  const option = (o: ListedOperator) =>
    `<option value="${o.id}"${query.operator === String(o.id) ? ' selected' : ''}>${escapeHtml(o.displayName)} (${escapeHtml(o.email)})</option>`;
  const input = (name: keyof AuditQuery, label: AuditText, max: number, hint?: AuditText) =>
    `<div class="field"><label for="f-${name}">${t(label)}</label><input id="f-${name}" name="${name}" type="text" maxlength="${max}" value="${escapeHtml(query[name])}"${hint ? ` aria-describedby="f-${name}-hint"` : ''}>${hint ? `<p id="f-${name}-hint" class="hint">${t(hint)}</p>` : ''}</div>`;
  const form = `<form method="get" action="/admin/audit" role="search" aria-label="${t('filters')}"><div class="filters">
<div class="field"><label for="f-operator">${t('operator')}</label><select id="f-operator" name="operator"><option value="">${t('anyOperator')}</option>${opts.operators.map(option).join('')}</select></div>
${input('action', 'action', 60, 'actionHint')}${input('type', 'subjectType', 40, 'subjectTypeHint')}${input('subject', 'subjectId', 64)}
</div><div class="actions"><button type="submit">${t('apply')}</button> <a href="/admin/audit">${t('reset')}</a></div></form>`;
  const line = (r: AuditRow) => {
    const subject = `${r.subjectType} #${r.subjectId}`;
    const subjectLink = `/admin/audit${queryString({ operator: '', action: '', type: r.subjectType, subject: r.subjectId })}`;
    const change = [
      r.before && Object.keys(r.before).length ? `<p class="hint">${t('before')}</p>${changes(r.before)}` : '',
      r.after && Object.keys(r.after).length ? `<p class="hint">${t('after')}</p>${changes(r.after)}` : '',
      r.reason ? `<p class="hint">${t('reason')}</p><p>${escapeHtml(r.reason)}</p>` : '',
    ].join('');
    return `<tr id="e${r.id}"><td>${utcTimeHtml(r.at, { seconds: true })}</td><td data-label="${t('colOperator')}">${escapeHtml(r.operatorName)} <span class="hint">${escapeHtml(r.operatorEmail)}</span></td>
<td data-label="${t('colAction')}"><code>${escapeHtml(r.action)}</code></td><td data-label="${t('colSubject')}"><a href="${escapeHtml(subjectLink)}" title="${t('sameSubject')}">${escapeHtml(subject)}</a></td><td>${change}</td></tr>`;
  };
  const table = opts.rows.length
    ? `<div class="scroll"><table class="stack"><caption>${t('showing', { count: String(opts.rows.length) })}</caption><thead><tr><th scope="col">${t('colTime')}</th><th scope="col">${t('colOperator')}</th><th scope="col">${t('colAction')}</th><th scope="col">${t('colSubject')}</th><th scope="col">${t('colChange')}</th></tr></thead>
<tbody>${opts.rows.map(line).join('\n')}</tbody></table></div>`
    : `<p>${t('empty')}</p>`;
  const newest = opts.first ? '' : `<a href="/admin/audit${escapeHtml(queryString(query))}">${t('newest')}</a>`;
  const older =
    opts.older === null
      ? ''
      : `<a rel="next" href="/admin/audit${escapeHtml(queryString(query, { before: String(opts.older) }))}">${t('older')}</a>`;
  const pager = newest || older ? `<nav class="pages" aria-label="${t('pages')}">${newest}${older}</nav>` : '';
  const refusal = opts.refusal ? messageHtml('alert', auditText(locale, opts.refusal)) : '';
  const body = `<p><a href="/admin">${escapeHtml(adminText(locale, 'backToConsole'))}</a></p><h1>${t('title')}</h1><p>${t('intro')}</p>
${form}${refusal}${opts.refusal ? '' : table + pager}`;
  return layout(locale, t('title'), body, { wide: true });
}
