import type { ReviewItem as ReviewItemView, ReviewSummary } from '#common/api/admin-review.ts';
import { kindOf, type ReviewItem } from './data.ts';

/** The queue's items as the console's API answers them. */

export function presentSummary(item: ReviewItem): ReviewSummary {
  const own = item.video ?? item.gallery;
  return {
    id: item.id,
    kind: kindOf(item),
    title: { en: own?.titleEn ?? '', de: own?.titleDe ?? '' },
    showName: item.showName,
    performerEmail: item.performerEmail,
    submittedAt: item.createdAt.toISOString(),
  };
}

/** A proposed value only where the change changes it. */
const changed = <T>(current: T, proposed: T | undefined): T | null =>
  proposed === undefined || proposed === current ? null : proposed;

export function presentItem(item: ReviewItem): ReviewItemView {
  const v = item.video;
  const g = item.gallery;
  const edit = item.edit;
  const current = {
    titleEn: v?.titleEn ?? g?.titleEn ?? '',
    titleDe: v?.titleDe ?? g?.titleDe ?? '',
    descriptionEn: v?.descriptionEn ?? '',
    descriptionDe: v?.descriptionDe ?? '',
  };
  // A gallery has no description: only its titles are shown.
  const fields = v
    ? (['titleEn', 'titleDe', 'descriptionEn', 'descriptionDe'] as const)
    : (['titleEn', 'titleDe'] as const);
  return {
    ...presentSummary(item),
    universalId: item.universalId,
    texts: fields.map((field) => ({
      field,
      current: current[field],
      proposed: changed(current[field], edit?.[field]),
    })),
    tags: edit?.tags ?? null,
    parts: v
      ? v.parts.map((p, i) => ({
          part: p.part,
          seconds: p.duration,
          price: p.price,
          proposedPrice: changed(p.price, edit?.partPrices?.[i]),
          playable: p.storageKey !== null,
        }))
      : null,
    price: g ? { current: g.price, proposed: changed(g.price, edit?.price) } : null,
    pictures: g?.imageIds ?? [],
    poster: v !== null,
  };
}
