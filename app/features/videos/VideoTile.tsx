import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { VideoTile as VideoTileData } from '#common/api/media.ts';
import { formatDuration, srOnly } from './format.ts';
import { MediaGrid } from './MediaGrid.tsx';
import { PriceBadge } from './PriceBadge.tsx';
import { RatingStars } from './RatingStars.tsx';
import { MEDIA_TILE_SIZES, type PictureLoading, ResponsivePicture } from './ResponsivePicture.tsx';

/** Poster ratio of every video tile (fixed, so images cause no layout shift). */
export const POSTER_RATIO = '16 / 9';

/** A video in a list: poster, duration, title, show, rating, price; opens the clip page. */
export function VideoTile({
  video,
  to,
  loading = 'lazy',
  unlocked = false,
  part,
}: {
  video: VideoTileData;
  to?: string;
  loading?: PictureLoading;
  /** Bought by the member (the archive). */
  unlocked?: boolean;
  /** The part that was bought, when the tile stands for one part (the archive). */
  part?: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card component="article" sx={{ height: '100%' }} aria-label={video.title}>
      <CardActionArea component={RouterLink} to={to ?? `/videos/clip/${video.id}`} sx={{ height: '100%' }}>
        <Box sx={{ position: 'relative', aspectRatio: POSTER_RATIO, bgcolor: 'action.hover' }}>
          <ResponsivePicture
            src={video.image}
            sources={video.imageSources}
            alt={t('media.poster_alt', { title: video.title })}
            width={320}
            height={180}
            sizes={MEDIA_TILE_SIZES}
            loading={loading}
          />
          <PlayCircleOutlined
            aria-hidden
            sx={{ position: 'absolute', inset: 0, m: 'auto', fontSize: 40, color: 'common.white', opacity: 0.8 }}
          />
          <Box
            sx={{
              position: 'absolute',
              right: 6,
              bottom: 6,
              px: 0.75,
              borderRadius: 1,
              bgcolor: (theme) => alpha(theme.palette.common.black, 0.7),
              color: 'common.white',
              typography: 'caption',
            }}
          >
            <Box component="span" sx={srOnly}>
              {t('media.duration')}{' '}
            </Box>
            {formatDuration(video.duration)}
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', left: 6, top: 6 }}>
            <PriceBadge
              price={video.price}
              free={video.free}
              unlocked={unlocked}
              {...(part === undefined ? {} : { unlockedPart: { part, parts: video.parts } })}
            />
            {!unlocked && video.free && video.price > 0 && (
              <Chip size="small" color="secondary" label={t('media.free_part')} />
            )}
          </Stack>
        </Box>
        <Stack spacing={0.25} sx={{ p: 1 }}>
          <Typography variant="subtitle2" component="h3" noWrap title={video.title}>
            {video.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {video.showName}
            {video.parts > 1 ? ` · ${t('media.parts', { count: video.parts })}` : ''}
          </Typography>
          <RatingStars percent={video.rating} count={video.ratingCount} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** A responsive grid of video tiles: 2 columns on phones, up to 6 wide; skeletons of the same size while loading. */
export function VideoGrid<T extends VideoTileData>({
  videos,
  loading = false,
  unlocked = false,
  linkTo,
  priority = false,
}: {
  videos: T[];
  loading?: boolean;
  /** The first list of its page (MediaGrid). */
  priority?: boolean;
  /** Every video listed is the member's (the archive). */
  unlocked?: boolean;
  linkTo?: (video: T) => string | undefined;
}) {
  return (
    <MediaGrid
      items={videos}
      loading={loading}
      ratio={POSTER_RATIO}
      priority={priority}
      tile={(v, loading) => {
        const to = linkTo?.(v);
        // Archive entries are one bought part each.
        const part = 'part' in v && typeof v.part === 'number' ? v.part : undefined;
        return <VideoTile video={v} loading={loading} unlocked={unlocked} part={part} {...(to ? { to } : {})} />;
      }}
    />
  );
}
