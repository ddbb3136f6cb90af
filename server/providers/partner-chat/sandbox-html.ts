import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { escapeHtml } from '#server/http/escape-html.ts';

// The partner's own look: not ours, so it reads as another company's page inside the frame.
const STYLE = `
html,body{height:100%}
body{font-family:system-ui,sans-serif;margin:0;background:rgb(20 24 33);color:rgb(236 239 244);display:flex;flex-direction:column}
.banner{background:rgb(92 63 140);color:white;padding:.5rem 1rem;font-size:.85rem}
main{flex:1;display:flex;flex-direction:column;gap:.75rem;padding:1rem;min-height:0}
h1{font-size:1.2rem;margin:0}
.stage{flex:1;min-height:180px;background:black;border-radius:6px;overflow:hidden;display:flex;align-items:center;justify-content:center}
.stage video,.stage img{width:100%;height:100%;object-fit:contain}
.note{font-size:.9rem;color:rgb(190 197 209);margin:0}
`;

function layout(locale: Locale, title: string, body: string) {
  const t = (key: string) => escapeHtml(translate(locale, key));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="banner" role="note">${t('external_chat.sandbox.banner')}</div><main>${body}</main></body></html>`;
}

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
