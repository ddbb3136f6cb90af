import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioPicture } from '#common/api/studio-messages.ts';
import { studioPicturesQuery } from './inbox-api.ts';

/** A dialog of her galleries' pictures (read when it first opens); choosing one closes it. */
export function StudioPicturePicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (picture: StudioPicture) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const pictures = useInfiniteQuery({ ...studioPicturesQuery, enabled: open });
  const rows = pictures.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('studio.inbox.pick_title')}</DialogTitle>
      <DialogContent>
        {pictures.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : pictures.isError && rows.length === 0 ? (
          <Alert severity="error">{t('studio.inbox.load_failed')}</Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{t('studio.inbox.no_pictures')}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
              gap: 1,
              p: 0,
              m: 0,
              listStyle: 'none',
            }}
          >
            {rows.map((p) => (
              <li key={p.imageId}>
                <ButtonBase
                  onClick={() => onPick(p)}
                  aria-label={t('studio.inbox.picture_of', { gallery: p.gallery })}
                  sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden' }}
                  focusRipple
                >
                  <Box
                    component="img"
                    src={p.thumb}
                    alt=""
                    loading="lazy"
                    sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
                  />
                </ButtonBase>
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {pictures.hasNextPage && (
          <Button onClick={() => void pictures.fetchNextPage()} loading={pictures.isFetchingNextPage}>
            {t('studio.inbox.more')}
          </Button>
        )}
        <Button onClick={onClose}>{t('studio.inbox.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
