import type { Locale } from '#common/constants.ts';
import { layout } from '#server/features/admin/html.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { LedgerLine, MemberAccount, MemberOrder, MemberPurchase, MemberSession } from './data.ts';
import { MEMBERS_STYLE, type MembersNotice, noticeHtml, pager, statusText, timeHtml, translator } from './html.ts';
import { type MembersText, membersText } from './texts.ts';

/** One member in the console: account, coins, orders, sessions, purchases, and the forms that act on her. */

export type MemberPageData = {
  account: MemberAccount;
  ledger: { rows: LedgerLine[]; total: number; page: number; pages: number };
  orders: MemberOrder[];
  ordersLimit: number;
  sessions: MemberSession[];
  purchases: MemberPurchase[];
  purchasesLimit: number;
};

export type MemberPageForms = {
  token: string;
  /** A fresh key for the correction form (a second submit of it books once). */
  key: string;
  may: { block: boolean; correct: boolean; refund: boolean };
  /** What the operator typed into the form that failed, shown back. */
  draft?: { form: string; reason: string; amount?: string; direction?: string };
};

const ORDER_STATES = ['created', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back'];
const REFUNDS = ['pending', 'delivered', 'queued', 'manual', 'refused'];
export const REASON_MAX = 500;
export const CORRECTION_MAX = 1_000_000;

function money(locale: Locale, cents: number, currency: string) {
  try {
    return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

const number = (locale: Locale, n: number) => new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB').format(n);

const table = (head: string, rows: string, caption = '', many = false) =>
  `<div class="scroll"><table${many ? ' class="many"' : ''}>${caption ? `<caption>${caption}</caption>` : ''}<thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;

export function memberPage(opts: {
  locale: Locale;
  data: MemberPageData;
  forms: MemberPageForms;
  notice: MembersNotice | null;
}): string {
  const { locale, data, forms } = opts;
  const { account: a } = data;
  const t = translator(locale);
  const th = (key: MembersText, cls = '') => `<th scope="col"${cls ? ` class="${cls}"` : ''}>${t(key)}</th>`;
  const name = a.nickname ?? a.name ?? a.email;
  const yesNo = (v: boolean) => t(v ? 'yes' : 'no');
  const draft = (form: string) => (forms.draft?.form === form ? forms.draft : undefined);
  const failed = (form: string) =>
    opts.notice?.kind === 'alert' && forms.draft?.form === form ? ' aria-invalid="true" aria-describedby="notice"' : '';
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(forms.token)}">`;
  const reasonField = (form: string, id: string, label: string) =>
    `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="reason" type="text" maxlength="${REASON_MAX}" required value="${escapeHtml(draft(form)?.reason ?? '')}"${failed(form)}></div>`;

  const facts: [MembersText, string][] = [
    ['fId', String(a.id)],
    ['fEmail', escapeHtml(a.email)],
    ['fUsername', escapeHtml(a.name ?? '—')],
    ['fNickname', escapeHtml(a.nickname ?? '—')],
    ['fStatus', statusText(locale, a.status)],
    ['fCreated', timeHtml(a.createdAt)],
    ['fVerified', yesNo(a.isVerified)],
    ['fAge', a.ageVerifiedAt ? timeHtml(a.ageVerifiedAt) : t('never')],
    ['fLanguage', escapeHtml(a.locale)],
    ['fBalance', t('coins', { coins: number(locale, a.balance) })],
    ['fWallet', a.flagged ? `<span class="flag">${t('walletFlagged')}</span>` : t('walletOk')],
  ];
  const account = `<h2>${t('account')}</h2><dl class="facts">${facts.map(([k, v]) => `<dt>${t(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;

  const ledgerRow = (l: LedgerLine) =>
    `<tr><td>${timeHtml(l.createdAt)}</td><td class="num">${l.delta > 0 ? '+' : '−'}${number(locale, Math.abs(l.delta))}</td><td class="num">${l.balanceAfter === null ? '' : number(locale, l.balanceAfter)}</td><td>${escapeHtml(l.reason)}</td><td>${escapeHtml(l.reference ?? '')}</td></tr>`;
  const { ledger } = data;
  const ledgerHtml = `<h2 id="ledger">${t('ledgerTitle')}</h2>${
    ledger.rows.length
      ? table(
          th('colTime') + th('colChange', 'num') + th('colAfter', 'num') + th('colReason') + th('colReference'),
          ledger.rows.map(ledgerRow).join(''),
          '',
          true,
        ) +
        pager(
          locale,
          ledger.page,
          ledger.pages,
          (p) => `/admin/members/${a.id}?page=${p}#ledger`,
          membersText(locale, 'ledgerTitle'),
        )
      : `<p>${t('ledgerEmpty')}</p>`
  }`;

  const refundCell = (o: MemberOrder) => {
    const parts: string[] = [];
    if (o.refund && REFUNDS.includes(o.refund)) parts.push(t(`refund_${o.refund}` as MembersText));
    const open = o.refund !== null && o.refund !== 'refused';
    if (forms.may.refund && o.state === 'paid' && !open) {
      const id = String(o.id);
      parts.push(`<form method="post" action="/admin/members/${a.id}/orders/${o.id}/refund">${hidden}
<label for="refund-${o.id}">${t('refundReason', { id })}</label><input id="refund-${o.id}" name="reason" type="text" maxlength="${REASON_MAX}" required value="${escapeHtml(draft(`refund:${o.id}`)?.reason ?? '')}"${failed(`refund:${o.id}`)}>
<button type="submit">${t('refundSubmit', { id })}</button></form>`);
    }
    return parts.join('');
  };
  const orderRow = (o: MemberOrder) => {
    const state = ORDER_STATES.includes(o.state) ? t(`state_${o.state}` as MembersText) : escapeHtml(o.state);
    const shortfall =
      o.shortfallCoins > 0
        ? `<br><span class="flag">${t('shortfall', { coins: String(o.shortfallCoins) })}</span>`
        : '';
    return `<tr id="order-${o.id}"><td>BS${o.id}<br>${timeHtml(o.createdAt)}</td><td>${escapeHtml(o.provider)}</td><td>${escapeHtml(o.providerTxnId ?? '')}</td><td>${state}${shortfall}</td><td class="num">${money(locale, o.amountCents, o.currency)}</td><td class="num">${number(locale, o.coins + o.bonusCoins)}</td><td>${refundCell(o)}</td></tr>`;
  };
  const ordersHtml = `<h2 id="orders">${t('ordersTitle')}</h2>${
    data.orders.length
      ? table(
          th('colOrder') +
            th('colProvider') +
            th('colTxn') +
            th('colState') +
            th('colAmount', 'num') +
            th('colCoins', 'num') +
            th('colAction'),
          data.orders.map(orderRow).join(''),
          data.orders.length >= data.ordersLimit ? t('ordersLatest', { count: String(data.ordersLimit) }) : '',
          true,
        )
      : `<p>${t('ordersEmpty')}</p>`
  }`;

  const sessionRow = (s: MemberSession) =>
    `<tr><td>${timeHtml(s.createdAt)}</td><td>${timeHtml(s.lastSeenAt)}</td><td>${timeHtml(s.expiresAt)}</td><td>${yesNo(s.agechecked)}</td></tr>`;
  const sessionsHtml = `<h2 id="sessions">${t('sessionsTitle')}</h2><p class="hint">${t('sessionsNote')}</p>${
    data.sessions.length
      ? table(
          th('colStarted') + th('colLastSeen') + th('colExpires') + th('colAgecheck'),
          data.sessions.map(sessionRow).join(''),
        )
      : `<p>${t('sessionsEmpty')}</p>`
  }`;

  const purchaseRow = (p: MemberPurchase) =>
    `<tr><td>${timeHtml(p.createdAt)}</td><td>${escapeHtml(p.item)}</td><td class="num">${number(locale, p.coins)}</td></tr>`;
  const purchasesHtml = `<h2 id="purchases">${t('purchasesTitle')}</h2>${
    data.purchases.length
      ? table(
          th('colTime') + th('colItem') + th('colCoins', 'num'),
          data.purchases.map(purchaseRow).join(''),
          data.purchases.length >= data.purchasesLimit
            ? t('purchasesLatest', { count: String(data.purchasesLimit) })
            : '',
        )
      : `<p>${t('purchasesEmpty')}</p>`
  }`;

  let blockHtml = '';
  if (forms.may.block) {
    if (a.status === 'active' || a.status === 'blocked') {
      const kind = a.status === 'active' ? 'block' : 'unblock';
      blockHtml = `<section class="action" aria-labelledby="${kind}-title"><h2 id="${kind}-title">${t(`${kind}Title`)}</h2><p class="hint">${t(`${kind}Hint`)}</p>
<form method="post" action="/admin/members/${a.id}/${kind}">${hidden}${reasonField(kind, `${kind}-reason`, t('reasonLabel'))}<button type="submit">${t(`${kind}Submit`)}</button></form></section>`;
    } else {
      blockHtml = `<section class="action"><h2>${t('blockTitle')}</h2><p>${t('cancelledNote')}</p></section>`;
    }
  }

  let correctionHtml = '';
  if (forms.may.correct) {
    const d = draft('correction');
    const checked = (v: string) => ((d?.direction ?? 'credit') === v ? ' checked' : '');
    correctionHtml = `<section class="action" aria-labelledby="correction-title"><h2 id="correction-title">${t('correctionTitle')}</h2><p class="hint">${t('correctionHint')}</p>
<form method="post" action="/admin/members/${a.id}/correction">${hidden}<input type="hidden" name="key" value="${escapeHtml(forms.key)}">
<fieldset><legend>${t('directionLabel')}</legend><div class="inline"><input id="dir-credit" type="radio" name="direction" value="credit"${checked('credit')}><label for="dir-credit">${t('credit')}</label></div>
<div class="inline"><input id="dir-debit" type="radio" name="direction" value="debit"${checked('debit')}><label for="dir-debit">${t('debit')}</label></div></fieldset>
<div class="field"><label for="amount">${t('amountLabel')}</label><input id="amount" name="amount" type="number" inputmode="numeric" min="1" max="${CORRECTION_MAX}" step="1" required value="${escapeHtml(d?.amount ?? '')}"${failed('correction')}></div>
${reasonField('correction', 'correction-reason', t('reasonLabel'))}<button type="submit">${t('correctionSubmit')}</button></form></section>`;
  }

  const title = t('memberTitle', { name });
  const body = `${MEMBERS_STYLE}<p><a href="/admin/members">${t('backToSearch')}</a></p><h1>${title}</h1>${noticeHtml(locale, opts.notice)}
${account}${blockHtml}${correctionHtml}${ledgerHtml}${ordersHtml}${sessionsHtml}${purchasesHtml}`;
  return layout(locale, title, body, { wide: true });
}
