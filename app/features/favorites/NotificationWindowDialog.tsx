import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logClientError } from '#app/platform/client-log.ts';
import type { Favorite } from '#common/api/favorites.ts';
import {
  closesWithoutSaving,
  FAVORITE_MODES,
  type FavoriteMode,
  formOf,
  payloadOf,
  validateWindow,
} from '#common/domain/favorite-window.ts';
import { useSaveFavoriteWindow } from './api.ts';
import { clientClock } from './client-clock.ts';
import { partsOf, TimeField, type TimeParts, timeOf } from './TimeField.tsx';

/**
 * The favorite notification window (spec part 1 "Favorite notification setting"): off, daily or a
 * time span in 24-hour format with minutes in steps of 15, sent as ISO times with this browser's
 * offset and time zone. A failed save is only logged; the dialog closes either way.
 */
export function NotificationWindowDialog({ favorite, onClose }: { favorite: Favorite; onClose: () => void }) {
  const { t } = useTranslation();
  const stored = { info_start: favorite.info_start, info_end: favorite.info_end };
  const initial = formOf(stored);
  const [mode, setMode] = useState<FavoriteMode>(initial.mode);
  const [start, setStart] = useState<TimeParts>(partsOf(initial.start));
  const [end, setEnd] = useState<TimeParts>(partsOf(initial.end));
  const [tried, setTried] = useState(false);
  const save = useSaveFavoriteWindow(favorite.universalId);
  const form = { mode, start: timeOf(start), end: timeOf(end) };
  const errors = tried ? validateWindow(form) : {};

  const onSave = () => {
    if (closesWithoutSaving(form, stored)) {
      onClose();
      return;
    }
    setTried(true);
    if (Object.keys(validateWindow(form)).length > 0) return;
    save.mutate(payloadOf(form, clientClock()), {
      onError: (error) =>
        logClientError('favorite notification window not saved', undefined, [
          { universalId: favorite.universalId, message: error.message },
        ]),
      onSettled: onClose,
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="favorite-window-title" maxWidth="xs" fullWidth>
      <DialogTitle id="favorite-window-title">{t('favorites.window.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('favorites.window.intro', { name: favorite.name })}</DialogContentText>
        <FormControl>
          <FormLabel id="favorite-window-mode">{t('favorites.window.mode_label')}</FormLabel>
          <RadioGroup
            aria-labelledby="favorite-window-mode"
            value={mode}
            onChange={(e) => setMode(e.target.value as FavoriteMode)}
          >
            {FAVORITE_MODES.map((m) => (
              <FormControlLabel key={m} value={m} control={<Radio />} label={t(`favorites.window.modes.${m}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        {mode === 'timespan' && (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <TimeField
              id="favorite-window-start"
              label={t('favorites.window.start')}
              value={start}
              error={errors.start}
              onChange={setStart}
            />
            <TimeField
              id="favorite-window-end"
              label={t('favorites.window.end')}
              value={end}
              error={errors.end}
              onChange={setEnd}
            />
            <Typography variant="caption" color="text.secondary">
              {t('favorites.window.hint')}
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('favorites.window.cancel')}</Button>
        <Button variant="contained" onClick={onSave} loading={save.isPending}>
          {t('favorites.window.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
