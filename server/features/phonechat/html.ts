import type { Locale } from '#common/constants.ts';
import { billedMinutes } from '#common/domain/phone-chat.ts';
import { formatPrice } from '#common/domain/voicecall.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { sandboxPage } from '#server/http/sandbox-page-kit.ts';
import type { PhoneChatCallView } from './data.ts';
import { type PhoneChatText, phoneChatText } from './texts.ts';

export type LineView = {
  locale: Locale;
  number: string;
  pricePerMinuteCents: number;
  currency: string;
};

const price = (v: { locale: Locale; pricePerMinuteCents: number; currency: string }) =>
  formatPrice(v.pricePerMinuteCents, v.currency, v.locale);

function page(v: LineView, body: string, refresh = false) {
  const title = phoneChatText(v.locale, 'lineTitle');
  const intro = escapeHtml(phoneChatText(v.locale, 'lineIntro', { number: v.number, price: price(v) }));
  // While a call runs the page follows it (answered, hung up by her) without a script.
  return sandboxPage(v.locale, title, `<h1>${escapeHtml(title)}</h1><p class="note">${intro}</p>${body}`, {
    look: 'phone',
    ...(refresh ? { refreshSeconds: 3 } : {}),
  });
}

/** The telephone before a call: dial the line and key in an extension; an announcement if the last try failed. */
export function renderDialPage(v: LineView & { said: { key: PhoneChatText; name: string } | null; token: string }) {
  const t = (k: PhoneChatText, vars: Record<string, string> = {}) => escapeHtml(phoneChatText(v.locale, k, vars));
  const said = v.said ? `<p class="alert" role="alert">${t(v.said.key, { name: v.said.name })}</p>` : '';
  return page(
    v,
    `${said}<form method="post" action="/sandbox/phone-chat/dial"><input type="hidden" name="token" value="${escapeHtml(v.token)}"><label for="extension">${t('extension')}</label>
<input id="extension" name="extension" inputmode="numeric" pattern="[0-9]{4}" maxlength="4" autocomplete="off" required>
<div><button type="submit">${t('dial', { number: v.number })}</button></div></form>`,
  );
}

/** The telephone during and after a call. */
export function renderCallPage(v: LineView & { call: PhoneChatCallView; base: string }) {
  const { call } = v;
  const vars = {
    name: call.showName,
    price: price(v),
    seconds: String(call.seconds),
    minutes: String(billedMinutes(call.seconds)),
    amount: formatPrice(call.amountCents, call.currency, v.locale),
  };
  const t = (k: PhoneChatText) => escapeHtml(phoneChatText(v.locale, k, vars));
  const live = call.state === 'connecting' || call.state === 'busy';
  const key: PhoneChatText =
    call.state === 'connecting'
      ? 'connecting'
      : call.state === 'busy'
        ? 'talking'
        : call.state === 'ended'
          ? 'ended'
          : 'missed';
  const action = live
    ? `<form method="post" action="${escapeHtml(v.base)}/hangup"><button type="submit" class="off">${t('hangUp')}</button></form>`
    : `<a class="link" href="/sandbox/phone-chat">${t('again')}</a>`;
  return page(v, `<p class="state" role="status">${t(key)}</p>${action}`, live);
}

/** The studio console's phone-chat section: open calls with answer and hang-up. */
export function studioPhoneChatSection(locale: Locale, calls: PhoneChatCallView[], token: string) {
  const t = (k: PhoneChatText, vars: Record<string, string> = {}) => escapeHtml(phoneChatText(locale, k, vars));
  const form = (call: PhoneChatCallView, action: 'answer' | 'hangup') => {
    const label =
      action === 'answer' ? t('answerLabel', { name: call.showName }) : t('hangUpLabel', { name: call.showName });
    return `<form method="post" action="/sandbox/studio/phone-chat" style="display:inline-block;margin-right:.5rem">
<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="call" value="${call.id}">
<input type="hidden" name="action" value="${action}">
<button type="submit"${action === 'hangup' ? ' class="off"' : ''} aria-label="${label}">${action === 'answer' ? t('answer') : t('hangUp')}</button></form>`;
  };
  const items = calls.map((c) => {
    const text =
      c.state === 'connecting'
        ? t('studioConnecting', { name: c.showName, extension: c.extension })
        : t('studioTalking', { name: c.showName });
    return `<li><span class="state on">${text}</span><br>${c.state === 'connecting' ? form(c, 'answer') : ''}${form(c, 'hangup')}</li>`;
  });
  const body = items.length ? `<ul class="calls">${items.join('')}</ul>` : `<p>${t('studioNone')}</p>`;
  return `<section aria-labelledby="phone-chat"><h2 id="phone-chat">${t('studioTitle')}</h2>${body}</section>`;
}
