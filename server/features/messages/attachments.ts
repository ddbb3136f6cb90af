import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries, galleryImages } from '#server/db/schema/catalog.ts';
import { purchases } from '#server/db/schema/member-catalog.ts';
import type { MessageRow } from './data.ts';

/** Attached pictures: the image's gallery and size, and which of them the member has bought. */
export async function attachmentsOf(db: DbOrTx, rows: MessageRow[], userId: number | null) {
  const ids = [...new Set(rows.map((r) => r.attachmentImageId).filter((id): id is number => id !== null))];
  if (!ids.length)
    return new Map<number, { galleryId: number; width: number | null; height: number | null; bought: boolean }>();
  const images = await db
    .select({
      id: galleryImages.id,
      galleryId: galleryImages.galleryId,
      width: galleryImages.width,
      height: galleryImages.height,
    })
    .from(galleryImages)
    // A picture of a gallery no longer published (removed after a notice) is shown as gone.
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .where(and(inArray(galleryImages.id, ids), eq(galleries.status, 'published')))
    .orderBy(asc(galleryImages.id));
  const bought =
    userId === null
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ item: purchases.item })
              .from(purchases)
              .where(and(eq(purchases.userId, userId), inArray(purchases.item, ids.map(pictureItem))))
          ).map((p) => p.item),
        );
  return new Map(
    images.map((i) => [
      i.id,
      { galleryId: i.galleryId, width: i.width, height: i.height, bought: bought.has(pictureItem(i.id)) },
    ]),
  );
}

/** The purchase item of a picture unlocked from a message (bought once, kept in the archive). */
export const pictureItem = (imageId: number) => `picture:${imageId}`;
