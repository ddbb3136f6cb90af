import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { sandboxPage } from '#server/http/sandbox-page-kit.ts';

/** The partner's page, its own look (not ours): it reads as another company's page inside the frame. */
const layout = (locale: Locale, title: string, body: string) =>
  sandboxPage(locale, title, body, {
    look: 'partner',
    layout: 'full',
    banner: translate(locale, 'external_chat.sandbox.banner'),
  });

/** The partner's chat page: her name, her clip looping (or her picture), and whose chat this is. */
export function partnerChatPage(
  locale: Locale,
  show: { showName: string; clipUrl: string | null; posterUrl: string | null },
): string {
  const vars = { name: show.showName };
  const title = translate(locale, 'external_chat.sandbox.title', vars);
  const label = escapeHtml(translate(locale, 'external_chat.sandbox.clip', vars));
  const poster = show.posterUrl ? ` poster="${escapeHtml(show.posterUrl)}"` : '';
  let stage = '';
  if (show.clipUrl) {
    stage = `<video src="${escapeHtml(show.clipUrl)}"${poster} autoplay muted loop playsinline aria-label="${label}"></video>`;
  } else if (show.posterUrl) {
    stage = `<img src="${escapeHtml(show.posterUrl)}" alt="${label}">`;
  }
  const body = `<h1>${escapeHtml(title)}</h1><div class="stage">${stage}</div><p class="note">${escapeHtml(
    translate(locale, 'external_chat.sandbox.note'),
  )}</p>`;
  return layout(locale, title, body);
}

/** A ticket that is forged, damaged or expired, or a session that has ended. */
export function partnerExpiredPage(locale: Locale): string {
  const t = (key: string) => escapeHtml(translate(locale, key));
  return layout(
    locale,
    translate(locale, 'external_chat.sandbox.expired_title'),
    `<h1>${t('external_chat.sandbox.expired_title')}</h1><p class="note">${t('external_chat.sandbox.expired_text')}</p>`,
  );
}
