import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ImageSource } from '#common/domain/images.ts';

/** How a tile's picture loads: `priority` (the first row of a page's first list), `eager` or `lazy`. */
export type PictureLoading = 'priority' | 'eager' | 'lazy';

/**
 * A picture with its WebP renditions (`sources`, for the widths in `sizes`) and the JPEG as the
 * fallback. Width and height give the box its ratio before a byte arrives, so nothing shifts.
 * Renders the same on the server and in the browser: everything comes from props.
 */
export function ResponsivePicture({
  src,
  sources,
  alt,
  width,
  height,
  sizes,
  loading = 'lazy',
  sx,
}: {
  src: string;
  sources: readonly ImageSource[];
  alt: string;
  width: number;
  height: number;
  /** The picture's CSS width per layout (the `sizes` attribute). */
  sizes: string;
  loading?: PictureLoading;
  sx?: SxProps<Theme>;
}) {
  return (
    // `display: contents`: the image sizes itself against the tile's frame, as without the picture.
    <Box component="picture" sx={{ display: 'contents' }}>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <Box
        component="img"
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading === 'lazy' ? 'lazy' : 'eager'}
        {...(loading === 'priority' ? { fetchPriority: 'high' as const } : {})}
        decoding="async"
        sx={sx ?? { display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  );
}

/** `sizes` of a tile in the show grid (GRID_COLUMNS: 2 columns on phones up to 6). */
export const SHOW_TILE_SIZES = '(min-width: 1536px) 17vw, (min-width: 1200px) 25vw, (min-width: 600px) 33vw, 50vw';
/** `sizes` of a tile in the video and gallery grid (2 columns on phones, 3, 4, then 6). */
export const MEDIA_TILE_SIZES = '(min-width: 1200px) 17vw, (min-width: 900px) 25vw, (min-width: 600px) 33vw, 50vw';
/** `sizes` of a single wide picture (a show's carousel, a clip's poster). */
export const WIDE_SIZES = '(min-width: 900px) 50vw, 100vw';
