import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '#app/features/session/api.ts';
import { ResponsivePicture, WIDE_SIZES } from '#app/features/videos/ResponsivePicture.tsx';
import type { ShowDetail } from '#common/api/shows.ts';
import { imageSources } from '#common/domain/images.ts';
import { previewUrl } from '#common/domain/previews.ts';

const navSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  color: 'common.white',
  bgcolor: (theme: { palette: { common: { black: string } } }) => alpha(theme.palette.common.black, 0.45),
  '&:hover': {
    bgcolor: (theme: { palette: { common: { black: string } } }) => alpha(theme.palette.common.black, 0.65),
  },
} as const;

/** The shown preview with its WebP renditions; the first is the show page's largest paint. */
function CarouselPicture({ src, alt, first }: { src: string; alt: string; first: boolean }) {
  return (
    <ResponsivePicture
      src={src}
      sources={imageSources(src)}
      alt={alt}
      width={320}
      height={240}
      sizes={WIDE_SIZES}
      loading={first ? 'priority' : 'eager'}
    />
  );
}

/**
 * The show's preview pictures, one at a time in a 4:3 frame: buttons, dots and the arrow keys move
 * through them; the position is announced.
 */
export function ShowCarousel({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const hosts = usePublicConfig().image_hosts;
  const [index, setIndex] = useState(0);
  const count = show.previews.length;
  const current = Math.min(index, Math.max(count - 1, 0));
  const go = (i: number) => setIndex(((i % count) + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowLeft') go(current - 1);
    else if (e.key === 'ArrowRight') go(current + 1);
    else return;
    e.preventDefault();
  };
  const imageId = show.previews[current];
  return (
    <Box
      component="section"
      aria-roledescription={t('shows.carousel.role')}
      aria-label={t('shows.carousel.label', { name: show.showName })}
      tabIndex={count > 1 ? 0 : undefined}
      onKeyDown={onKeyDown}
      sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      <Box sx={{ aspectRatio: '4 / 3', display: 'grid', placeItems: 'center' }}>
        {imageId === undefined ? (
          <PersonIcon role="img" aria-label={show.showName} sx={{ fontSize: 96, color: 'text.disabled' }} />
        ) : (
          <CarouselPicture
            key={imageId}
            src={previewUrl(hosts, {
              contentproviderId: show.contentproviderId,
              showId: show.id,
              imageId,
              size: '320x240',
            })}
            alt={t('shows.carousel.picture', { name: show.showName, index: current + 1, count })}
            first={current === 0}
          />
        )}
      </Box>
      {count > 1 && (
        <>
          <IconButton
            aria-label={t('shows.carousel.previous')}
            onClick={() => go(current - 1)}
            sx={{ ...navSx, left: 8 }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label={t('shows.carousel.next')} onClick={() => go(current + 1)} sx={{ ...navSx, right: 8 }}>
            <ChevronRightIcon />
          </IconButton>
          <Box sx={{ position: 'absolute', bottom: 4, left: 0, right: 0, display: 'flex', justifyContent: 'center' }}>
            {show.previews.map((id, i) => (
              <Box
                key={id}
                component="button"
                type="button"
                onClick={() => go(i)}
                aria-label={t('shows.carousel.goto', { index: i + 1, count })}
                aria-current={i === current ? 'true' : undefined}
                sx={{
                  width: 24,
                  height: 24,
                  p: 0,
                  border: 0,
                  borderRadius: '50%',
                  cursor: 'pointer',
                  bgcolor: 'transparent',
                  '&::after': {
                    content: '""',
                    display: 'block',
                    width: 10,
                    height: 10,
                    m: 'auto',
                    borderRadius: '50%',
                    bgcolor: i === current ? 'common.white' : 'grey.500',
                  },
                  '&:focus-visible': { outline: 2, outlineColor: 'secondary.main' },
                }}
              />
            ))}
          </Box>
          <Box
            aria-live="polite"
            sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('shows.carousel.position', { index: current + 1, count })}
          </Box>
        </>
      )}
    </Box>
  );
}
