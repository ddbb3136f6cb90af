import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PictureLoading } from './ResponsivePicture.tsx';

const GRID_SIZE = { xs: 6, sm: 4, md: 3, lg: 2 } as const;
/** The first tiles load their images at once (the first rows); the rest lazily. */
const EAGER_TILES = 6;

/** The first row's pictures load at once, with high priority in the first list of a page. */
const tileLoading = (i: number, priority: boolean): PictureLoading =>
  i >= EAGER_TILES ? 'lazy' : priority ? 'priority' : 'eager';

function TileSkeleton({ ratio }: { ratio: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: ratio, height: 'auto' }} />
      <Box sx={{ p: 1 }}>
        <Skeleton width="80%" />
        <Skeleton width="50%" />
        <Skeleton width="40%" />
      </Box>
    </Card>
  );
}

/**
 * The responsive grid of video and gallery tiles: 2 columns on phones, up to 6 wide; skeletons of
 * the tiles' size (`ratio` of their picture) while the first load runs.
 */
export function MediaGrid<T extends { id: number }>({
  items,
  loading,
  ratio,
  tile,
  priority = false,
}: {
  items: T[];
  loading: boolean;
  ratio: string;
  tile: (item: T, loading: PictureLoading) => ReactNode;
  /** The first list of its page: the first row's pictures are fetched with high priority (LCP). */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  if (loading && items.length === 0) {
    return (
      <Grid container spacing={1.5} aria-busy="true" aria-label={t('media.loading')}>
        {Array.from({ length: 12 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Grid key={i} size={GRID_SIZE}>
            <TileSkeleton ratio={ratio} />
          </Grid>
        ))}
      </Grid>
    );
  }
  return (
    <Grid container spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-busy={loading}>
      {items.map((item, i) => (
        <Grid key={item.id} size={GRID_SIZE} component="li">
          {tile(item, tileLoading(i, priority))}
        </Grid>
      ))}
    </Grid>
  );
}
