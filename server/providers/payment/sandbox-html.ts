import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { sandboxPage } from '#server/http/sandbox-page-kit.ts';
import type { CardErrors, CardForm } from './card.ts';

/**
 * The sandbox PSP's pages: plain HTML forms (the CSP allows no inline script), in the visitor's
 * language, every value escaped. They look like a payment company's page, not like the shop.
 */

export type PageText = (key: string, vars?: Record<string, string | number>) => string;

/** A translator for the sandbox texts whose result is already escaped for HTML. */
export const pageText =
  (locale: Locale): PageText =>
  (key, vars = {}) =>
    escapeHtml(translate(locale, `payments.sandbox.${key}`, vars));

/** The payment company's page around a body, its name on top; `title` is a key of its texts. */
function layout(locale: Locale, titleKey: string, body: string) {
  return sandboxPage(locale, translate(locale, `payments.sandbox.${titleKey}`), body, {
    look: 'psp',
    provider: translate(locale, 'payments.sandbox.company'),
  });
}

export type OrderSummary = { merchant: string; billingId: number; amount: string; coins: number };

function summary(say: PageText, o: OrderSummary) {
  return `<dl><dt>${say('merchant')}</dt><dd>${escapeHtml(o.merchant)}</dd><dt>${say('order')}</dt><dd>BS${o.billingId}</dd><dt>${say('item')}</dt><dd>${say('coins', { count: o.coins })}</dd><dt>${say('amount')}</dt><dd>${escapeHtml(o.amount)}</dd></dl>`;
}

function field(say: PageText, name: keyof CardForm, value: string, errors: CardErrors, attrs: string) {
  const error = errors[name];
  const id = `f-${name}`;
  return `<label for="${id}">${say(`fields.${name}`)}</label><input id="${id}" name="${name}" value="${escapeHtml(value)}" ${attrs}${
    error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }>${error ? `<p class="error" id="${id}-error">${say(`errors.${error}`)}</p>` : ''}`;
}

export function payPage(
  locale: Locale,
  o: OrderSummary,
  actions: { pay: string; cancel: string },
  /** Expiry and holder are shown again after a refusal; card number and CVC never are. */
  form: CardForm = { number: '', expiry: '', cvc: '', holder: '' },
  errors: CardErrors = {},
) {
  const say = pageText(locale);
  const invalid = Object.keys(errors).length > 0;
  const body = `<h1>${say('title')}</h1>${summary(say, o)}${invalid ? `<p class="alert" role="alert">${say('form_invalid')}</p>` : ''}
<form method="post" action="${escapeHtml(actions.pay)}" novalidate>
${field(say, 'number', '', errors, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
<div class="row"><div>${field(say, 'expiry', form.expiry, errors, 'placeholder="MM/YY" autocomplete="cc-exp" maxlength="7" required')}</div>
<div>${field(say, 'cvc', '', errors, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}</div></div>
${field(say, 'holder', form.holder, errors, 'autocomplete="cc-name" maxlength="100" required')}
<button class="pay" type="submit">${say('pay', { amount: o.amount })}</button></form>
<form method="post" action="${escapeHtml(actions.cancel)}"><button class="cancel" type="submit">${say('cancel')}</button></form>
<div class="hint"><p>${say('test_cards')}</p><ul><li><code>4242 4242 4242 4242</code> ${say('card_success')}</li><li><code>4000 0000 0000 0002</code> ${say('card_declined')}</li><li><code>4000 0000 0000 9995</code> ${say('card_funds')}</li><li><code>4000 0000 0000 3220</code> ${say('card_3ds')}</li></ul></div>`;
  return layout(locale, 'title', body);
}

export function challengePage(locale: Locale, o: OrderSummary, action: string, last4: string) {
  const say = pageText(locale);
  const body = `<h1>${say('challenge.title')}</h1>${summary(say, o)}<p>${say('challenge.text', { last4 })}</p>
<form method="post" action="${escapeHtml(action)}" novalidate><label for="f-code">${say('challenge.code')}</label><input id="f-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8" required>
<button class="pay" type="submit">${say('challenge.confirm')}</button></form><p class="hint">${say('challenge.hint')}</p>`;
  return layout(locale, 'challenge.title', body);
}

export function messagePage(locale: Locale, key: 'expired' | 'invalid' | 'submitted') {
  const say = pageText(locale);
  return layout(locale, `${key}.title`, `<h1>${say(`${key}.title`)}</h1><p>${say(`${key}.text`)}</p>`);
}
