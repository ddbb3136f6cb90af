import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig } from '#app/features/session/api.ts';
import { type PictureLoading, ResponsivePicture, SHOW_TILE_SIZES } from '#app/features/videos/ResponsivePicture.tsx';
import { MARQUEE_HOST, Marquee } from '#app/ui/Marquee.tsx';
import type { ShowTile as ShowTileData } from '#common/api/shows.ts';
import { imageSources } from '#common/domain/images.ts';
import { previewUrl } from '#common/domain/previews.ts';
import { showPath } from './format.ts';
import { SrText } from './SrText.tsx';
import { TileFacts } from './TileFacts.tsx';

/** Columns of the show grid: 2 on phones (390 px) up to 6 at the content's full width (1720 px). */
export const GRID_COLUMNS = { xs: 2, sm: 3, md: 3, lg: 4, xl: 6 } as const;
/** Tiles in the first row at the widest layout: their pictures load at once, the rest lazily. */
const EAGER_TILES = GRID_COLUMNS.xl;

/** The first row's pictures load at once, with high priority in the first list of a page. */
const tileLoading = (i: number, priority: boolean): PictureLoading =>
  i >= EAGER_TILES ? 'lazy' : priority ? 'priority' : 'eager';

export type GridColumns = Partial<Record<keyof typeof GRID_COLUMNS, number>>;

/** Where a tile leads: the show page unless a list (e.g. the search) has its own detail route. */
export type ShowLink = (show: ShowTileData) => string;

const gridSx = (columns: GridColumns) =>
  ({
    display: 'grid',
    gap: { xs: 1, sm: 1.5, md: 2 },
    gridTemplateColumns: Object.fromEntries(
      Object.entries(columns).map(([bp, n]) => [bp, `repeat(${n}, minmax(0, 1fr))`]),
    ),
  }) as const;

/**
 * A tile out of view is neither laid out nor painted until it comes near (`content-visibility`):
 * on a phone most of a page's tiles are below the fold, and laying them all out cost the first
 * seconds' main thread. The intrinsic size holds their place (remembered once drawn), so the page
 * does not jump.
 */
const tileItemSx = { minWidth: 0, contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' } as const;
const belowSx = { ...tileItemSx, display: 'flex', flexDirection: 'column' } as const;

const pictureSx = { position: 'relative', aspectRatio: '4 / 3', bgcolor: 'action.hover', overflow: 'hidden' } as const;

function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const label = t(online ? 'shows.online' : 'shows.offline');
  return (
    <Box
      sx={{
        position: 'absolute',
        top: 6,
        left: 6,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: online ? 0.75 : 0.5,
        py: 0.25,
        borderRadius: 4,
        bgcolor: (theme) => alpha(theme.palette.common.black, 0.55),
        color: 'common.white',
      }}
    >
      <Box
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: online ? 'success.main' : 'grey.500' }}
      />
      {online ? (
        <Typography variant="caption" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {label}
        </Typography>
      ) : (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      )}
    </Box>
  );
}

function Ribbon({ kind }: { kind: 'promo' | 'new' }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="caption"
      sx={{
        position: 'absolute',
        top: 6,
        right: 6,
        px: 0.75,
        borderRadius: 1,
        fontWeight: 700,
        textTransform: 'uppercase',
        bgcolor: kind === 'promo' ? 'secondary.main' : 'primary.main',
        color: kind === 'promo' ? 'secondary.contrastText' : 'primary.contrastText',
      }}
    >
      {t(`shows.ribbon.${kind}`)}
    </Typography>
  );
}

/** A show's preview picture in the tile's 4:3 frame, or a neutral placeholder. */
function TilePicture({ show, loading }: { show: ShowTileData; loading: PictureLoading }) {
  const hosts = usePublicConfig().image_hosts;
  const imageId = show.previews[0];
  const src =
    imageId === undefined
      ? ''
      : previewUrl(hosts, { contentproviderId: show.contentproviderId, showId: show.id, imageId, size: '320x240' });
  return (
    <Box sx={pictureSx}>
      {imageId === undefined ? (
        <Box
          role="img"
          aria-label={show.showName}
          sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.disabled' }}
        >
          <PersonIcon sx={{ fontSize: 64 }} aria-hidden />
        </Box>
      ) : (
        <ResponsivePicture
          src={src}
          sources={imageSources(src)}
          alt={show.showName}
          width={320}
          height={240}
          sizes={SHOW_TILE_SIZES}
          loading={loading}
        />
      )}
      <OnlineBadge online={show.online} />
      {show.ribbon && <Ribbon kind={show.ribbon} />}
    </Box>
  );
}

/**
 * A show in a list: picture, name, age, online state and the facts; opens the show page. Drawn
 * again only when its show changes: a list re-renders for its page count or the visitor's session,
 * and three dozen unchanged tiles would cost a phone a long task each time.
 */
export const ShowTile = memo(function ShowTile({
  show,
  loading = 'lazy',
  headingLevel = 'h3',
  linkTo = showPath,
}: {
  show: ShowTileData;
  /** How the picture loads: `priority` for the first row of a page's first list. */
  loading?: PictureLoading;
  headingLevel?: 'h2' | 'h3';
  linkTo?: ShowLink;
}) {
  const { t } = useTranslation();
  const nameId = `show-tile-${show.universalId}`;
  return (
    <Card component="article" aria-labelledby={nameId} className={MARQUEE_HOST} sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={linkTo(show)} sx={{ height: '100%', alignItems: 'stretch' }}>
        <TilePicture show={show} loading={loading} />
        <Box sx={{ p: 1, display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, minWidth: 0 }}>
            <Typography id={nameId} component={headingLevel} variant="subtitle2" sx={{ fontWeight: 700, minWidth: 0 }}>
              <Marquee>{show.showName}</Marquee>
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <SrText shown={show.age} spoken={t('shows.age', { age: show.age })} />
            </Typography>
          </Box>
          <TileFacts show={show} />
        </Box>
      </CardActionArea>
    </Card>
  );
});

/** A tile's place while its show loads: the same size, so nothing moves when it arrives. */
export function ShowTileSkeleton() {
  return (
    <Card aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <Box sx={{ p: 1 }}>
        <Skeleton width="60%" />
        <Skeleton width="80%" />
        <Skeleton width="50%" />
        <Skeleton width="70%" />
      </Box>
    </Card>
  );
}

/**
 * The responsive grid of show tiles (2 columns on phones, up to 6 at full width). While `loading`
 * with no shows yet, it holds `skeletons` placeholders of the tiles' size.
 */
export function ShowGrid({
  shows,
  loading = false,
  skeletons = 12,
  label,
  columns = GRID_COLUMNS,
  headingLevel = 'h3',
  linkTo,
  below,
  priority = false,
}: {
  shows: readonly ShowTileData[];
  loading?: boolean;
  skeletons?: number;
  label?: string;
  columns?: GridColumns;
  /** The tiles' heading level: one below the list's own heading. */
  headingLevel?: 'h2' | 'h3';
  /** Where the tiles lead (default: the show page). */
  linkTo?: ShowLink;
  /** Something under each tile (a promo's discount and countdown). */
  below?: (show: ShowTileData) => ReactNode;
  /** The first list of its page: the first row's pictures are fetched with high priority (LCP). */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const sx = gridSx(columns);
  if (loading && shows.length === 0) {
    return (
      <Box sx={sx} role="status" aria-busy aria-label={t('shows.loading')}>
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ShowTileSkeleton key={i} />
        ))}
      </Box>
    );
  }
  return (
    <Box component="ul" aria-label={label ?? t('shows.list_label')} sx={{ ...sx, listStyle: 'none', m: 0, p: 0 }}>
      {shows.map((show, i) => (
        <Box component="li" key={show.universalId} sx={below ? belowSx : tileItemSx}>
          {below ? (
            // The tile fills what the row leaves above the extra, so tiles in a row stay equal.
            <Box sx={{ flex: '1 1 auto' }}>
              <ShowTile
                show={show}
                loading={tileLoading(i, priority)}
                headingLevel={headingLevel}
                {...(linkTo ? { linkTo } : {})}
              />
            </Box>
          ) : (
            <ShowTile
              show={show}
              loading={tileLoading(i, priority)}
              headingLevel={headingLevel}
              {...(linkTo ? { linkTo } : {})}
            />
          )}
          {below?.(show)}
        </Box>
      ))}
    </Box>
  );
}
