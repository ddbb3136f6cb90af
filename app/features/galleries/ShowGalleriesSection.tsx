import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ShowMediaSection } from '#app/features/videos/ShowMediaSection.tsx';
import { useShowPageLink } from '#app/features/videos/show-links.ts';
import { galleryListQuery } from './api.ts';
import { GalleryGrid } from './GalleryTile.tsx';

/** The show page's galleries: newest first, paged in place, with a link to the full list. */
export function ShowGalleriesSection({ universalId }: { universalId: string }) {
  const [page, setPage] = useState(1);
  const inShow = useShowPageLink('galleries');
  const list = useQuery(galleryListQuery({ page, sort: 'new', showid: universalId }));
  return (
    <ShowMediaSection
      kind="galleries"
      universalId={universalId}
      list={list}
      onPage={setPage}
      grid={(galleries, loading) => <GalleryGrid galleries={galleries} loading={loading} linkTo={inShow} />}
    />
  );
}
