import type { Locale } from '#common/constants.ts';
import { billedMinutes } from '#common/domain/phone-chat.ts';
import { formatPrice } from '#common/domain/voicecall.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { PhoneChatCallView } from './data.ts';
import { type PhoneChatText, phoneChatText } from './texts.ts';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:whitesmoke;color:black}
main{max-width:440px;margin:0 auto;background:white;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.2)}
h1{font-size:1.25rem;margin:0 0 8px}
.note{color:dimgray;font-size:.95rem;margin:0 0 16px}
.state{font-weight:600;margin:16px 0 8px}
.alert{color:darkred;background:mistyrose;padding:8px 12px;border-radius:6px}
label{display:block;margin:8px 0 4px}
input{font-size:1.2rem;padding:8px;width:8ch;letter-spacing:.15em}
button,.link{font-size:1rem;padding:10px 16px;border-radius:8px;border:0;background:seagreen;color:white;cursor:pointer;text-decoration:none;display:inline-block;margin-top:8px}
button.off{background:firebrick}
button:focus-visible,input:focus-visible,.link:focus-visible{outline:3px solid darkorange;outline-offset:2px}
`;

export type LineView = {
  locale: Locale;
  number: string;
  pricePerMinuteCents: number;
  currency: string;
};

const price = (v: { locale: Locale; pricePerMinuteCents: number; currency: string }) =>
  formatPrice(v.pricePerMinuteCents, v.currency, v.locale);

function page(v: LineView, body: string, refresh = false) {
  const t = (k: PhoneChatText) => escapeHtml(phoneChatText(v.locale, k));
  // While a call runs the page follows it (answered, hung up by her) without a script.
  const meta = refresh ? '<meta http-equiv="refresh" content="3">' : '';
  return `<!doctype html><html lang="${v.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${meta}<title>${t('lineTitle')}</title><style>${STYLE}</style></head>
<body><main><h1>${t('lineTitle')}</h1><p class="note">${escapeHtml(phoneChatText(v.locale, 'lineIntro', { number: v.number, price: price(v) }))}</p>${body}</main></body></html>`;
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
