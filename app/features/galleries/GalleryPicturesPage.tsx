import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AgeGateNotice } from '#app/features/videos/AgeGateNotice.tsx';
import { PriceBadge } from '#app/features/videos/PriceBadge.tsx';
import { RatingStars } from '#app/features/videos/RatingStars.tsx';
import { useRevealBelowShow, useTitleLevel } from '#app/features/videos/show-links.ts';
import { useMediaAgeGate } from '#app/features/videos/use-purchase.ts';
import { ApiError } from '#app/http.ts';
import { usePageMeta } from '#app/platform/head.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { HEADER_HEIGHT } from '#common/constants.ts';
import { galleryQuery, moreGalleriesQuery } from './api.ts';
import { GalleryActions } from './GalleryActions.tsx';
import { GalleryGrid } from './GalleryTile.tsx';
import { Lightbox } from './Lightbox.tsx';
import { PictureGrid } from './PictureGrid.tsx';

const positiveInt = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /galleries/pictures/:showid?/:id?: a gallery (the show's free one without an id). Locked: blurred
 * thumbnails and the unlock button; unlocked: thumbnails that open the lightbox; rating; more like this.
 */
export function GalleryPicturesPage() {
  const { t } = useTranslation();
  const { showid, id: rawId } = useParams();
  const titleLevel = useTitleLevel();
  const id = positiveInt(rawId);
  const valid = Boolean(showid) && (rawId === undefined || id !== null);
  const detail = useQuery({ ...galleryQuery(showid ?? '', id), enabled: valid });
  const gallery = detail.data;
  const more = useQuery({ ...moreGalleriesQuery(gallery?.id ?? 0), enabled: Boolean(gallery) });
  const [open, setOpen] = useState<number | null>(null);
  const gate = useMediaAgeGate();
  const reveal = useRevealBelowShow<HTMLDivElement>(gallery?.id ?? null);
  useTitle(
    gallery ? 'media.gallery.page_title' : 'media.galleries.title',
    gallery ? { title: gallery.title } : undefined,
  );
  usePageMeta({ description: gallery ? `${gallery.title} – ${gallery.showName}` : null, image: gallery?.cover });

  let body: ReactNode;
  if (!valid || (detail.error instanceof ApiError && detail.error.status === 404)) {
    body = (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/galleries">
            {t('media.galleries.title')}
          </Button>
        }
      >
        {t('media.gallery.not_found')}
      </Alert>
    );
  } else if (detail.isError) {
    body = (
      <Alert severity="error" action={<Button onClick={() => void detail.refetch()}>{t('media.retry')}</Button>}>
        {t('media.load_error')}
      </Alert>
    );
  } else if (!gallery) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('media.loading')}>
        <Skeleton width="40%" height={40} />
        <Skeleton variant="rectangular" height={240} />
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <Box>
          <Typography component={titleLevel} variant="h5" sx={{ mb: 0.5 }}>
            {gallery.title}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={`/chat/${encodeURIComponent(gallery.universalId)}/${gallery.slugName}`}>
              {gallery.showName}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {t('media.pictures', { count: gallery.imageCount })}
            </Typography>
            <PriceBadge price={gallery.price} free={gallery.free} unlocked={gallery.unlocked && !gallery.free} />
            <RatingStars percent={gallery.rating} count={gallery.ratingCount} />
          </Stack>
        </Box>
        {gate.blocked && gallery.unlocked && <AgeGateNotice checkPath={gate.checkPath} />}
        <GalleryActions gallery={gallery} />
        <PictureGrid gallery={gallery} onOpen={gate.blocked ? null : setOpen} />
        <Lightbox
          images={gallery.unlocked ? gallery.images : []}
          index={open}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
          title={gallery.title}
        />
      </Stack>
    );
  }

  return (
    <Container
      ref={reveal}
      maxWidth={false}
      sx={{ py: { xs: 2, md: 3 }, px: { xs: 1, sm: 2 }, maxWidth: 1720, scrollMarginTop: HEADER_HEIGHT }}
    >
      {body}
      {gallery && (
        <Box component="section" aria-labelledby="more-galleries" sx={{ mt: 4 }}>
          <Typography id="more-galleries" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('media.more_like_this')}
          </Typography>
          <GalleryGrid
            galleries={(more.data?.data ?? []).filter((g) => g.id !== gallery.id)}
            loading={more.isPending}
          />
        </Box>
      )}
    </Container>
  );
}
