import type { Locale } from '#common/constants.ts';
import { layout } from '#server/features/admin/html.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { ReviewItem } from './data.ts';
import { type ReviewText, reviewText } from './texts.ts';

/** The review queue's page (/admin/review): every waiting item with its preview and the two decisions. */

export type ReviewNotice = { kind: 'status' | 'alert'; key: ReviewText; vars?: Record<string, string> };
export const REASON_MAX = 500;

const translator =
  (locale: Locale) =>
  (key: ReviewText, vars?: Record<string, string>): string =>
    escapeHtml(reviewText(locale, key, vars));

const timeHtml = (at: Date) => {
  const iso = at.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
};

const STYLE = `<style>
.item{border:1px solid rgb(220 224 230);border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
.item h2{margin-top:0}
.preview{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}
.preview img,.preview video{max-width:100%;width:320px;height:auto;border-radius:4px;background:black}
.preview .thumb{width:160px}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem .75rem;margin:.5rem 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}
@media (max-width:40rem){dl{grid-template-columns:1fr}dd{margin-bottom:.4rem}dd ul{padding-left:1.2rem}}
.decide{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end;margin-top:.75rem}
.decide form{flex:1 1 16rem}
button.reject{background:rgb(160 40 40)}
ins{background:rgb(230 244 234);text-decoration:none}
</style>`;

function fields(locale: Locale, item: ReviewItem): string {
  const t = translator(locale);
  const v = item.video;
  const g = item.gallery;
  const now = {
    titleEn: v?.titleEn ?? g?.titleEn ?? '',
    titleDe: v?.titleDe ?? g?.titleDe ?? '',
    descriptionEn: v?.descriptionEn ?? '',
    descriptionDe: v?.descriptionDe ?? '',
  };
  const row = (label: ReviewText, current: string, proposed: string | undefined) => {
    if (!item.edit || proposed === undefined || proposed === current) {
      return `<dt>${t(label)}</dt><dd>${escapeHtml(current)}</dd>`;
    }
    return `<dt>${t(label)}</dt><dd>${t('current')}: ${escapeHtml(current)}<br><ins>${t('proposed')}: ${escapeHtml(proposed)}</ins></dd>`;
  };
  const price = (n: number) => (n === 0 ? t('free') : t('coins', { n: String(n) }));
  const parts = (v?.parts ?? [])
    .map((p, i) => {
      const next = item.edit?.partPrices?.[i];
      const proposed = next !== undefined && next !== p.price ? ` → <ins>${price(next)}</ins>` : '';
      return `<li>${t('part', { n: String(p.part), seconds: String(p.duration), price: price(p.price) })}${proposed}</li>`;
    })
    .join('');
  return `<dl>
${row('titleEn', now.titleEn, item.edit?.titleEn)}
${row('titleDe', now.titleDe, item.edit?.titleDe)}
${v ? row('descriptionEn', now.descriptionEn, item.edit?.descriptionEn) : ''}
${v ? row('descriptionDe', now.descriptionDe, item.edit?.descriptionDe) : ''}
${item.edit?.tags ? `<dt>${t('tags')}</dt><dd>${escapeHtml(item.edit.tags.join(', '))}</dd>` : ''}
${v ? `<dt>${t('parts')}</dt><dd><ul>${parts}</ul></dd>` : ''}
${g ? row('price', price(g.price), item.edit?.price === undefined ? undefined : price(item.edit.price)) : ''}
${g ? `<dt>${t('pictures', { n: String(g.imageIds.length) })}</dt><dd></dd>` : ''}
<dt>${t('performer')}</dt><dd>${escapeHtml(item.showName)} · ${escapeHtml(item.performerEmail)}</dd>
<dt>${t('submitted')}</dt><dd>${timeHtml(item.createdAt)}</dd>
</dl>`;
}

function preview(locale: Locale, item: ReviewItem): string {
  const t = translator(locale);
  if (item.video) {
    const clips = item.video.parts
      .filter((p) => p.storageKey)
      .map(
        (p) =>
          `<video controls preload="none" poster="/admin/review/${item.id}/poster" aria-label="${t('part', { n: String(p.part), seconds: String(p.duration), price: '' })}" src="/admin/review/${item.id}/clip/${p.part}"></video>`,
      )
      .join('');
    return `<div class="preview"><img src="/admin/review/${item.id}/poster" alt="${t('poster')}" width="320" height="180">${clips}</div>`;
  }
  const pictures = (item.gallery?.imageIds ?? [])
    .map(
      (id, i) =>
        `<a href="/admin/review/${item.id}/picture/${id}/full"><img class="thumb" src="/admin/review/${item.id}/picture/${id}/thumb" alt="${t('picture', { n: String(i + 1) })}" width="160" height="120" loading="lazy"></a>`,
    )
    .join('');
  return `<div class="preview">${pictures}</div>`;
}

function itemHtml(locale: Locale, item: ReviewItem, formToken: string, draft: { id: number; reason: string } | null) {
  const t = translator(locale);
  const heading: ReviewText = item.video
    ? item.edit
      ? 'editVideo'
      : 'newVideo'
    : item.edit
      ? 'editGallery'
      : 'newGallery';
  const reason = draft?.id === item.id ? draft.reason : '';
  const own = item.video ?? item.gallery;
  const name = escapeHtml((locale === 'de' ? own?.titleDe : own?.titleEn) ?? '');
  return `<section class="item" id="review-${item.id}" aria-labelledby="review-${item.id}-title">
<h2 id="review-${item.id}-title">${t(heading)}: ${name}</h2>
${preview(locale, item)}
${fields(locale, item)}
<div class="decide">
<form method="post" action="/admin/review/${item.id}/approve"><input type="hidden" name="token" value="${formToken}"><button type="submit">${t('approve')}</button></form>
<form method="post" action="/admin/review/${item.id}/reject"><input type="hidden" name="token" value="${formToken}">
<div class="field"><label for="reason-${item.id}">${t('reason')}</label><textarea id="reason-${item.id}" name="reason" rows="2" maxlength="${REASON_MAX}" required>${escapeHtml(reason)}</textarea></div>
<button type="submit" class="reject">${t('reject')}</button></form>
</div>
</section>`;
}

export function reviewPage(opts: {
  locale: Locale;
  items: ReviewItem[];
  total: number;
  formToken: string;
  notice: ReviewNotice | null;
  draft?: { id: number; reason: string } | null;
}): string {
  const { locale } = opts;
  const t = translator(locale);
  const notice = opts.notice
    ? `<p id="notice" class="notice${opts.notice.kind === 'alert' ? ' alert' : ''}" role="${opts.notice.kind}">${t(opts.notice.key, opts.notice.vars)}</p>`
    : '';
  const list = opts.items.length
    ? opts.items.map((i) => itemHtml(locale, i, opts.formToken, opts.draft ?? null)).join('\n')
    : `<p>${t('empty')}</p>`;
  const body = `${STYLE}<p><a href="/admin">${t('back')}</a></p><h1>${t('title')}</h1>${notice}<p>${t('intro')}</p>
<p>${t('count', { count: String(opts.total) })}</p>${list}`;
  return layout(locale, t('title'), body, { wide: true });
}
