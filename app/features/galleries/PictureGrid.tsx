import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import type { GalleryDetail } from '#common/api/media.ts';
import { COVER_RATIO } from './GalleryTile.tsx';

const SIZE = { xs: 6, sm: 4, md: 3, lg: 2 } as const;

/** The gallery's thumbnails: buttons that open the lightbox when unlocked, blurred pictures while locked. */
export function PictureGrid({
  gallery,
  onOpen,
}: {
  gallery: GalleryDetail;
  /** Opens the lightbox; null while the pictures may not be opened (the age check is due). */
  onOpen: ((index: number) => void) | null;
}) {
  const { t } = useTranslation();
  const open = gallery.unlocked && onOpen !== null;
  return (
    <Grid
      container
      spacing={1}
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('media.gallery.pictures_label')}
    >
      {gallery.images.map((img, i) => {
        const alt = t(open ? 'media.gallery.thumb_alt' : 'media.gallery.locked_alt', {
          title: gallery.title,
          index: i + 1,
          count: gallery.images.length,
        });
        const picture = (
          <Box
            component="img"
            src={img.thumb}
            alt={alt}
            width={320}
            height={240}
            loading={i < 6 ? 'eager' : 'lazy'}
            sx={{ width: '100%', aspectRatio: COVER_RATIO, objectFit: 'cover', display: 'block', borderRadius: 1 }}
          />
        );
        return (
          <Grid key={img.id} size={SIZE} component="li">
            {open ? (
              <ButtonBase
                focusRipple
                onClick={() => onOpen?.(i)}
                aria-label={t('media.gallery.open_picture', { index: i + 1 })}
                sx={{ width: '100%', display: 'block', borderRadius: 1 }}
              >
                {picture}
              </ButtonBase>
            ) : (
              picture
            )}
          </Grid>
        );
      })}
    </Grid>
  );
}
