import type { Locale } from '#common/constants.ts';
import { formatPin, formatPrice } from '#common/domain/voicecall.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { sandboxPage } from '#server/http/sandbox-page-kit.ts';

/** What the call page shows: the call as the provider knows it, and the simulated telephone's line. */
export type CallPageView = {
  locale: Locale;
  /** The page's own path (/sandbox/phone/<token>). */
  base: string;
  number: string;
  /** Only while the call is awaited. */
  pin: string | null;
  pricePerMinuteCents: number;
  currency: string;
  state: 'awaited' | 'active' | 'ended' | 'expired';
  minutesBilled: number;
  maxMinutes: number;
  coinsCredited: number;
  /** The telephone has dialled and hears the announcement (before the PIN). */
  dialed: boolean;
  error: 'pin' | 'delivery' | null;
  /** Seconds between automatic minutes while connected; 0: only by the button. */
  every: number;
};

/** Where the call page's one script is served (the CSP allows no inline script). */
export const SIMULATOR_PATH = '/sandbox/phone/simulator.js';

const button = (action: string, label: string, opts: { secondary?: boolean; every?: number } = {}) =>
  `<form method="post" action="${escapeHtml(action)}"${opts.every ? ` data-every="${opts.every}"` : ''}>` +
  `<button type="submit"${opts.secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;

function line(v: CallPageView, t: (key: string, vars?: Record<string, string | number>) => string, q: string) {
  const at = (step: string) => `${v.base}/${step}${q}`;
  if (v.state === 'expired') return `<p class="state" role="status">${escapeHtml(t('voicecall.sandbox.expired'))}</p>`;
  if (v.state === 'ended') return `<p class="state" role="status">${escapeHtml(t('voicecall.sandbox.ended'))}</p>`;
  if (v.state === 'active') {
    const progress = t('voicecall.sandbox.connected', {
      minutes: v.minutesBilled,
      max: v.maxMinutes,
      coins: v.coinsCredited,
    });
    const auto =
      v.every > 0 ? `<p class="note">${escapeHtml(t('voicecall.sandbox.auto', { seconds: v.every }))}</p>` : '';
    return (
      `<p class="state" role="status">${escapeHtml(progress)}</p>${auto}` +
      button(at('minute'), t('voicecall.sandbox.bill_minute'), { every: v.every }) +
      button(at('hangup'), t('voicecall.sandbox.hang_up'), { secondary: true })
    );
  }
  if (!v.dialed) {
    return (
      `<p class="state" role="status">${escapeHtml(t('voicecall.sandbox.idle'))}</p>` +
      button(at('dial'), t('voicecall.sandbox.dial', { number: v.number }))
    );
  }
  return (
    `<p class="state" role="status">${escapeHtml(t('voicecall.sandbox.enter_pin'))}</p>` +
    `<form method="post" action="${escapeHtml(at('pin'))}"><label for="pin">${escapeHtml(t('voicecall.pin'))}</label>` +
    `<input id="pin" name="pin" inputmode="numeric" autocomplete="off" maxlength="7" required autofocus> ` +
    `<button type="submit">${escapeHtml(t('voicecall.sandbox.send_pin'))}</button></form>` +
    button(at('hangup'), t('voicecall.sandbox.hang_up'), { secondary: true })
  );
}

/** The sandbox provider's call page: number, PIN, the price announcement and the simulated telephone. */
export function renderCallPage(v: CallPageView): string {
  const t = (key: string, vars?: Record<string, string | number>) => translate(v.locale, key, vars);
  const price = formatPrice(v.pricePerMinuteCents, v.currency, v.locale);
  const q = v.every !== 60 ? `?every=${v.every}` : '';
  const error = v.error
    ? `<p class="alert" role="alert">${escapeHtml(t(v.error === 'pin' ? 'voicecall.sandbox.wrong_pin' : 'voicecall.sandbox.delivery_failed'))}</p>`
    : '';
  const title = t('voicecall.sandbox.title');
  const body = `<h1>${escapeHtml(title)}</h1>
<p class="note">${escapeHtml(t('voicecall.sandbox.plays_telephone'))}</p>
<dl><dt>${escapeHtml(t('voicecall.number'))}</dt><dd>${escapeHtml(v.number)}</dd>
${v.pin === null ? '' : `<dt>${escapeHtml(t('voicecall.pin'))}</dt><dd>${escapeHtml(formatPin(v.pin))}</dd>`}</dl>
<p class="price">${escapeHtml(t('voicecall.price_announcement', { price }))}</p>
${error}${line(v, t, q)}`;
  return sandboxPage(v.locale, title, body, { look: 'phone', scripts: [SIMULATOR_PATH] });
}

/** Submits the minute form every `data-every` seconds while the call is connected. */
export const SIMULATOR_SCRIPT = `(() => {
  const form = document.querySelector('form[data-every]');
  const every = form ? Number(form.getAttribute('data-every')) : 0;
  if (form && every > 0) setTimeout(() => form.requestSubmit(), every * 1000);
})();
`;
