import { createHmac } from 'node:crypto';
import type { Locale } from '#common/constants.ts';
import { formatPin, formatPrice } from '#common/domain/voicecall.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { safeEqual } from '#server/http/safe-equal.ts';

/**
 * The call page of a real line, which the payment window shows (`/api/voicecall/line/<token>`):
 * the number to dial, the PIN while the call is awaited, the legal price announcement and the
 * call's state. Its token is the call id and a MAC, so other calls' pages cannot be guessed.
 */
export const lineKey = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('phone-line-pages').digest();

export function lineToken(key: Buffer, callId: number) {
  return `${callId}.${createHmac('sha256', key).update(String(callId)).digest('base64url').slice(0, 32)}`;
}

/** The call id of a line token, or null when it was not made by lineToken. */
export function callIdOfLineToken(key: Buffer, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.[\w-]{32}$/.exec(token);
  if (!m?.[1]) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 && safeEqual(token, lineToken(key, id)) ? id : null;
}

export type LinePageView = {
  locale: Locale;
  number: string;
  pin: string | null;
  pricePerMinuteCents: number;
  currency: string;
  state: 'awaited' | 'active' | 'ended' | 'expired';
  minutesBilled: number;
  maxMinutes: number;
  coinsCredited: number;
};

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:whitesmoke;color:black}
main{max-width:440px;margin:0 auto;background:white;border-radius:12px;padding:20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:dimgray}dd{margin:0;font-weight:600;font-size:1.2rem}
.price{border-left:4px solid darkorange;padding:8px 12px;background:oldlace}`;

export function renderLinePage(v: LinePageView): string {
  const t = (key: string, vars?: Record<string, string | number>) => escapeHtml(translate(v.locale, key, vars));
  const price = formatPrice(v.pricePerMinuteCents, v.currency, v.locale);
  const state = t(`voicecall.state.${v.state}`, { minutes: v.minutesBilled, coins: v.coinsCredited });
  const pin = v.pin === null ? '' : `<dt>${t('voicecall.pin')}</dt><dd>${escapeHtml(formatPin(v.pin))}</dd>`;
  return `<!doctype html>
<html lang="${v.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('voicecall.title')}</title><style>${STYLE}</style></head>
<body><main><h1>${t('voicecall.title')}</h1><p>${t('voicecall.intro')}</p>
<dl><dt>${t('voicecall.number')}</dt><dd>${escapeHtml(v.number)}</dd>${pin}</dl>
<p class="price">${t('voicecall.price_announcement', { price })}</p>
<p>${t('voicecall.max_minutes', { minutes: v.maxMinutes })}</p>
<p role="status">${state}</p></main></body></html>`;
}
