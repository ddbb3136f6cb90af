import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryDetail } from '#common/api/media.ts';

type Image = GalleryDetail['images'][number];

/** The full pictures one at a time: arrow buttons and keys browse (wrapping around), Escape closes. */
export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
  title,
}: {
  images: Image[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  const count = images.length;
  const image = index === null ? undefined : images[index];
  const go = (step: number) => index !== null && onIndex((index + step + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  };
  const position = t('media.lightbox.position', { index: (index ?? 0) + 1, count });
  return (
    <Dialog
      open={image !== undefined}
      onClose={onClose}
      onKeyDown={onKeyDown}
      fullScreen
      slotProps={{
        paper: {
          'aria-label': t('media.lightbox.label', { title }),
          sx: { bgcolor: 'common.black', color: 'common.white' },
        },
      }}
    >
      <Box
        sx={{ position: 'relative', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        {image?.url && (
          <Box
            component="img"
            src={image.url}
            alt={t('media.lightbox.alt', { title, position })}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        )}
        <Typography aria-live="polite" sx={{ position: 'absolute', top: 12, left: 16 }}>
          {position}
        </Typography>
        <IconButton
          aria-label={t('media.lightbox.close')}
          onClick={onClose}
          sx={{ position: 'absolute', top: 8, right: 8, color: 'inherit' }}
        >
          <Close />
        </IconButton>
        {count > 1 && (
          <>
            <IconButton
              aria-label={t('media.lightbox.previous')}
              onClick={() => go(-1)}
              sx={{ position: 'absolute', left: 8, color: 'inherit' }}
              size="large"
            >
              <ChevronLeft fontSize="large" />
            </IconButton>
            <IconButton
              aria-label={t('media.lightbox.next')}
              onClick={() => go(1)}
              sx={{ position: 'absolute', right: 8, color: 'inherit' }}
              size="large"
            >
              <ChevronRight fontSize="large" />
            </IconButton>
          </>
        )}
      </Box>
    </Dialog>
  );
}
