import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MediaGrid } from '#app/features/videos/MediaGrid.tsx';
import { PriceBadge } from '#app/features/videos/PriceBadge.tsx';
import { RatingStars } from '#app/features/videos/RatingStars.tsx';
import { MEDIA_TILE_SIZES, type PictureLoading, ResponsivePicture } from '#app/features/videos/ResponsivePicture.tsx';
import type { GalleryTile as GalleryTileData } from '#common/api/media.ts';

/** Cover ratio of every gallery tile (the 320x240 preview). */
export const COVER_RATIO = '4 / 3';

export const galleryPath = (g: Pick<GalleryTileData, 'universalId' | 'id'>) =>
  `/galleries/pictures/${encodeURIComponent(g.universalId)}/${g.id}`;

/** A gallery in a list: cover, picture count, title, show, rating, price or unlocked state. */
export function GalleryTile({
  gallery,
  unlocked = false,
  to,
  loading = 'lazy',
}: {
  gallery: GalleryTileData;
  unlocked?: boolean;
  to?: string;
  loading?: PictureLoading;
}) {
  const { t } = useTranslation();
  return (
    <Card component="article" sx={{ height: '100%' }} aria-label={gallery.title}>
      <CardActionArea component={RouterLink} to={to ?? galleryPath(gallery)} sx={{ height: '100%' }}>
        <Box sx={{ position: 'relative', aspectRatio: COVER_RATIO, bgcolor: 'action.hover' }}>
          <ResponsivePicture
            src={gallery.cover}
            sources={gallery.coverSources}
            alt={t('media.cover_alt', { title: gallery.title })}
            width={320}
            height={240}
            sizes={MEDIA_TILE_SIZES}
            loading={loading}
          />
          <Stack
            direction="row"
            spacing={0.5}
            sx={{
              position: 'absolute',
              right: 6,
              bottom: 6,
              px: 0.75,
              borderRadius: 1,
              alignItems: 'center',
              bgcolor: (theme) => alpha(theme.palette.common.black, 0.7),
              color: 'common.white',
              typography: 'caption',
            }}
          >
            <PhotoLibraryOutlined aria-hidden sx={{ fontSize: 14 }} />
            <span>{t('media.pictures', { count: gallery.imageCount })}</span>
          </Stack>
          <Box sx={{ position: 'absolute', left: 6, top: 6 }}>
            <PriceBadge price={gallery.price} free={gallery.free} unlocked={unlocked} />
          </Box>
        </Box>
        <Stack spacing={0.25} sx={{ p: 1 }}>
          <Typography variant="subtitle2" component="h3" noWrap title={gallery.title}>
            {gallery.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {gallery.showName}
          </Typography>
          <RatingStars percent={gallery.rating} count={gallery.ratingCount} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** A responsive grid of gallery tiles: 2 columns on phones, up to 6 wide; same-size skeletons while loading. */
export function GalleryGrid({
  galleries,
  loading = false,
  unlocked = false,
  linkTo,
  priority = false,
}: {
  galleries: GalleryTileData[];
  loading?: boolean;
  /** The first list of its page (MediaGrid). */
  priority?: boolean;
  /** Every gallery listed is the member's (the archive). */
  unlocked?: boolean;
  linkTo?: (gallery: GalleryTileData) => string | undefined;
}) {
  return (
    <MediaGrid
      items={galleries}
      loading={loading}
      ratio={COVER_RATIO}
      priority={priority}
      tile={(g, loading) => {
        const to = linkTo?.(g);
        return <GalleryTile gallery={g} unlocked={unlocked} loading={loading} {...(to ? { to } : {})} />;
      }}
    />
  );
}
