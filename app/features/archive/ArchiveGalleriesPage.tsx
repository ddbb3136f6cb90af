import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GalleryGrid } from '#app/features/galleries/GalleryTile.tsx';
import { ListStatus } from '#app/features/videos/ListStatus.tsx';
import { pageParam } from '#app/features/videos/list-params.ts';
import { PageLinks } from '#app/ui/PageLinks.tsx';
import { ArchivePictures } from './ArchivePictures.tsx';
import { archiveGalleriesQuery } from './api.ts';

/** /users/archive/galleries: every bought gallery, latest purchase first, paged; then the unlocked pictures. */
export function ArchiveGalleriesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const list = useQuery(archiveGalleriesQuery(pageParam(params)));
  const galleries = list.data?.data ?? [];
  return (
    <>
      {list.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {t('media.archive.galleries_count', { count: list.data.total })}
        </Typography>
      )}
      <GalleryGrid galleries={galleries} loading={list.isFetching} unlocked />
      <ListStatus
        error={list.isError}
        empty={list.isSuccess && galleries.length === 0}
        emptyText={t('media.archive.no_galleries')}
        onRetry={() => void list.refetch()}
      />
      {list.data && <PageLinks page={list.data.current_page} lastPage={list.data.last_page} />}
      <ArchivePictures />
    </>
  );
}
