import type { Locale } from '#common/constants.ts';
import { centsPerCoinText, EARNING_KINDS, type EarningKind } from '#common/domain/payouts.ts';
import { layout } from '#server/features/admin/html.ts';
import type { PeriodSummary, StatementRow } from '#server/features/payouts/data.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { type PayoutText, payoutText } from './texts.ts';

/** The console's payout pages (/admin/payouts): the months, a month's statements, one statement. */

export type PayoutNotice = { kind: 'status' | 'alert'; key: PayoutText; vars?: Record<string, string> };

const translator =
  (locale: Locale) =>
  (key: PayoutText, vars?: Record<string, string>): string =>
    escapeHtml(payoutText(locale, key, vars));

/** Euro from cents, as the language writes it (display only: the CSV writes exact figures). */
export const euro = (locale: Locale, cents: number) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

const count = (locale: Locale, n: number) => new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-IE').format(n);

const notice = (locale: Locale, n: PayoutNotice | null) =>
  n
    ? `<p id="notice" class="notice${n.kind === 'alert' ? ' alert' : ''}" role="${n.kind}">${escapeHtml(payoutText(locale, n.key, n.vars))}</p>`
    : '';

/** Tables scroll sideways on a phone rather than squeezing their figures. */
const scroller = (table: string) => `<div style="overflow-x:auto">${table}</div>`;
const num = (v: string) => `<td style="text-align:right;white-space:nowrap">${v}</td>`;
const numHead = (v: string) => `<th scope="col" style="text-align:right">${v}</th>`;

/** The start of the payouts: the closed months with their statements' counts, and a create form for each. */
export function payoutPeriodsPage(opts: {
  locale: Locale;
  periods: { period: string; summary: PeriodSummary | null; canCreate: boolean }[];
  current: string;
  rate: number;
  minimumCents: number;
  formToken: string;
  notice: PayoutNotice | null;
}): string {
  const { locale } = opts;
  const t = translator(locale);
  const createForm = (period: string) =>
    `<form method="post" action="/admin/payouts/generate" style="margin:0 0 .75rem"><input type="hidden" name="token" value="${escapeHtml(opts.formToken)}"><input type="hidden" name="period" value="${period}"><button type="submit">${t('generate', { period })}</button></form>`;
  const forms = opts.periods.filter((p) => p.canCreate).map((p) => createForm(p.period));
  const row = ({ period, summary: s }: (typeof opts.periods)[number]) => {
    const name = s ? `<a href="/admin/payouts/${period}">${period}</a>` : period;
    return `<tr><th scope="row" style="white-space:nowrap">${name}</th>${num(count(locale, s?.statements ?? 0))}${num(`${count(locale, s?.due ?? 0)} · ${euro(locale, s?.dueCents ?? 0)}`)}${num(`${count(locale, s?.paid ?? 0)} · ${euro(locale, s?.paidCents ?? 0)}`)}${num(count(locale, s?.carried ?? 0))}</tr>`;
  };
  const table = `<table><thead><tr><th scope="col">${t('colPeriod')}</th>${numHead(t('colStatements'))}${numHead(t('colDue'))}${numHead(t('colPaid'))}${numHead(t('colCarried'))}</tr></thead>
<tbody>${opts.periods.map(row).join('\n')}</tbody></table>`;
  const intro = t('intro', { rate: centsPerCoinText(opts.rate), minimum: euro(locale, opts.minimumCents) });
  const body = `<p><a href="/admin">${t('backToConsole')}</a></p><h1>${t('title')}</h1><p>${intro}</p><p>${t('current', { period: opts.current })}</p>
${notice(locale, opts.notice)}${forms.join('')}<p class="hint">${t('periodsCaption')}</p>${scroller(table)}`;
  return layout(locale, t('title'), body, { wide: true });
}

/** A month's statements: show, coins, amount, state; each opens its statement. */
export function payoutPeriodPage(opts: {
  locale: Locale;
  period: string;
  rows: StatementRow[];
  summary: PeriodSummary | null;
  notice: PayoutNotice | null;
}): string {
  const { locale, period, summary: s } = opts;
  const t = translator(locale);
  const title = t('periodTitle', { period });
  const line = (r: StatementRow) =>
    `<tr><th scope="row"><a href="/admin/payouts/statements/${r.id}">${escapeHtml(r.showName)}</a></th>${num(count(locale, r.coins))}${num(euro(locale, r.amountCents))}<td>${t(`state_${r.state}`)}</td><td>${r.paidOn ?? ''}</td></tr>`;
  const content = opts.rows.length
    ? `<p>${t('periodCounts', {
        due: String(s?.due ?? 0),
        dueAmount: euro(locale, s?.dueCents ?? 0),
        paid: String(s?.paid ?? 0),
        paidAmount: euro(locale, s?.paidCents ?? 0),
        carried: String(s?.carried ?? 0),
      })}</p>
<p><a href="/admin/payouts/${period}/statements.csv" download>${t('csv')}</a></p>
${scroller(`<table><thead><tr><th scope="col">${t('colShow')}</th>${numHead(t('colCoins'))}${numHead(t('colAmount'))}<th scope="col">${t('colState')}</th><th scope="col">${t('colPaidOn')}</th></tr></thead>
<tbody>${opts.rows.map(line).join('\n')}</tbody></table>`)}`
    : `<p>${t('periodEmpty')}</p>`;
  const body = `<p><a href="/admin/payouts">${t('backToPayouts')}</a></p><h1>${title}</h1>${notice(locale, opts.notice)}${content}`;
  return layout(locale, title, body, { wide: true });
}

const kindKey = (k: EarningKind): PayoutText => `kind_${k}`;
const coinsOf = (r: StatementRow): Record<EarningKind, number> => ({
  chat: r.coinsChat,
  tip: r.coinsTip,
  message: r.coinsMessage,
  picture: r.coinsPicture,
  other: r.coinsOther,
});

/** One statement: its figures, what became of it, and (when due) the form that marks it paid. */
export function payoutStatementPage(opts: {
  locale: Locale;
  statement: StatementRow;
  notice: PayoutNotice | null;
  form: { token: string; key: string; paidOn: string; reference: string; today: string } | null;
}): string {
  const { locale, statement: r } = opts;
  const t = translator(locale);
  const title = t('statementTitle', { id: String(r.id), show: r.showName, period: r.period });
  const byKind = coinsOf(r);
  const fig = (label: string, value: string, strong = false) =>
    `<tr><th scope="row"${strong ? '' : ' style="font-weight:normal"'}>${label}</th>${num(strong ? `<strong>${value}</strong>` : value)}</tr>`;
  const figures = [
    ...EARNING_KINDS.map((k) => fig(t(kindKey(k)), count(locale, byKind[k]))),
    fig(t('earned'), count(locale, r.earned), true),
    fig(t('carriedIn'), count(locale, r.carriedIn)),
    fig(t('coins'), count(locale, r.coins), true),
    fig(t('rate'), t('rateValue', { rate: centsPerCoinText(r.rate) })),
    fig(t('amount'), euro(locale, r.amountCents), true),
  ].join('\n');
  const fate =
    r.state === 'paid'
      ? t('paidInfo', { date: r.paidOn ?? '', reference: r.paymentReference ?? '' })
      : r.state === 'carried'
        ? r.carriedInto
          ? t('carriedInto', { id: String(r.carriedInto) })
          : t('carriedWaiting')
        : '';
  const facts = `<p>${t('state')}: <strong>${t(`state_${r.state}`)}</strong>. ${fate}</p>
<p>${t('account')}: ${r.earningsUserId}. ${t('madeAt')}: <time datetime="${r.createdAt.toISOString()}">${r.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC</time></p>`;
  const alert = opts.notice?.kind === 'alert';
  const described = (id: string) =>
    ` aria-describedby="${alert ? 'notice ' : ''}${id}"${alert ? ' aria-invalid="true"' : ''}`;
  const form = opts.form
    ? `<h2>${t('markPaidTitle')}</h2><p class="hint">${t('markPaidHint')}</p>
<form method="post" action="/admin/payouts/statements/${r.id}/paid">
<input type="hidden" name="token" value="${escapeHtml(opts.form.token)}"><input type="hidden" name="key" value="${escapeHtml(opts.form.key)}">
<div class="field"><label for="paidOn">${t('paidOn')}</label><input id="paidOn" name="paidOn" type="date" value="${escapeHtml(opts.form.paidOn)}" max="${opts.form.today}" required${described('paidOn-hint')}><p id="paidOn-hint" class="hint">${t('paidOnHint')}</p></div>
<div class="field"><label for="reference">${t('reference')}</label><input id="reference" name="reference" type="text" value="${escapeHtml(opts.form.reference)}" maxlength="140" required${described('reference-hint')}><p id="reference-hint" class="hint">${t('referenceHint')}</p></div>
<button type="submit">${t('markPaid')}</button>
</form>`
    : '';
  const body = `<p><a href="/admin/payouts/${r.period}">${t('backToPeriod', { period: r.period })}</a></p><h1>${title}</h1>
${notice(locale, opts.notice)}${facts}<h2>${t('figures')}</h2>${scroller(`<table style="max-width:32rem">${figures}</table>`)}${form}`;
  return layout(locale, title, body, { wide: true });
}

/** 404 of the payout pages (no such month or statement). */
export function payoutNotFoundPage(locale: Locale): string {
  const t = translator(locale);
  return layout(
    locale,
    t('notFound'),
    `<h1>${t('notFound')}</h1><p><a href="/admin/payouts">${t('backToPayouts')}</a></p>`,
  );
}
