import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_RATING_COMMENT_MAX, RATING_STARS, RATING_STARS_PHONE } from '#common/constants.ts';
import { canSaveRating, percentToStars, starsToPercent, thumbsDown, thumbsUp } from '#common/domain/rating.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Receives the rating in percent (and the comment); a returned promise decides between thank-you and error. */
  onSave: (percent: number, comment: string) => unknown;
  saving: boolean;
  /** The member's earlier rating in percent (0: none). */
  initialPercent?: number;
  /** What is rated, for the title. */
  title?: string;
  /** Asks for a comment too (a chat session is rated with one). */
  withComment?: boolean;
};

/** Stars on this screen: 10, or 5 on phones (below 600 px). */
export function useRatingScale(): number {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? RATING_STARS_PHONE : RATING_STARS;
}

/** The rating dialog (spec part 1): stars stored as a percent, thumbs, save only above 0, then thanks. */
export function RatingDialog({ open, onClose, onSave, saving, initialPercent = 0, title, withComment }: Props) {
  const { t } = useTranslation();
  const max = useRatingScale();
  const [picked, setPicked] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'idle' | 'thanks' | 'failed'>('idle');
  const stars = picked ?? percentToStars(initialPercent, max);

  const close = () => {
    onClose();
    setPicked(null);
    setComment('');
    setState('idle');
  };
  const save = async () => {
    try {
      await onSave(starsToPercent(stars, max), comment.trim());
      setState('thanks');
    } catch {
      setState('failed');
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="rating-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="rating-dialog-title">{title ?? t('rating.title')}</DialogTitle>
      <DialogContent>
        {state === 'thanks' ? (
          <Typography role="status">{t('rating.thanks')}</Typography>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography id="rating-dialog-label">{t('rating.prompt', { count: max })}</Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <IconButton aria-label={t('rating.thumbs_down')} onClick={() => setPicked(thumbsDown())}>
                <ThumbDownOutlined />
              </IconButton>
              <Rating
                name="rating-stars"
                value={stars}
                max={max}
                size={max === RATING_STARS ? 'medium' : 'large'}
                onChange={(_, v) => setPicked(v ?? 0)}
                getLabelText={(v) => t('rating.stars', { count: v, max })}
                aria-labelledby="rating-dialog-label"
              />
              <IconButton aria-label={t('rating.thumbs_up')} onClick={() => setPicked(thumbsUp(max))}>
                <ThumbUpOutlined />
              </IconButton>
            </Stack>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {canSaveRating(stars) ? t('rating.value', { percent: starsToPercent(stars, max) }) : t('rating.none')}
            </Typography>
            {withComment && (
              <TextField
                label={t('rating.comment')}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: CHAT_RATING_COMMENT_MAX } }}
              />
            )}
            {state === 'failed' && <Alert severity="error">{t('rating.failed')}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{state === 'thanks' ? t('rating.close') : t('rating.cancel')}</Button>
        {state !== 'thanks' && (
          <Button variant="contained" onClick={save} disabled={!canSaveRating(stars) || saving} loading={saving}>
            {t('rating.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
