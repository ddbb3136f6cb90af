import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import type { StudioMe } from '#common/api/studio.ts';
import { MESSAGE_PRICE_MAX } from '#common/constants.ts';
import { useStudioShowSettings } from './api.ts';

const RANGE = 'errors.validations.whole_number_range';
const BOUNDS = { min: 0, max: MESSAGE_PRICE_MAX };

/** A whole number of coins in 0..MESSAGE_PRICE_MAX, or null. */
const priceOf = (text: string): number | null => {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= MESSAGE_PRICE_MAX ? n : null;
};

/**
 * The price per message a member pays to write to her show (0: free), saved on its own. Shows
 * what she typed until it is saved, then her show's stored price again.
 */
export function StudioMessagePrice({ show }: { show: StudioMe['show'] }) {
  const { t } = useTranslation();
  const save = useStudioShowSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = draft ?? String(show.messagePrice);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const price = priceOf(text);
    if (price === null) {
      setError(RANGE);
      return;
    }
    setError(null);
    save.mutate(
      { messagePrice: price },
      {
        onSuccess: () => setDraft(null),
        onError: (err) => setError(err instanceof ApiError ? (err.fieldErrors().messagePrice ?? null) : null),
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5} sx={{ mt: 3 }}>
      <TextField
        label={t('studio.settings.messagePrice')}
        value={text}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ? t(error, BOUNDS) : t('studio.settings.messagePriceHint')}
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        }}
      />
      {save.isError && error === null && (
        <Alert severity="error" role="alert">
          {t('studio.settings.failed')}
        </Alert>
      )}
      {save.isSuccess && draft === null && (
        <Alert severity="success" role="status">
          {t('studio.settings.messagePriceSaved')}
        </Alert>
      )}
      <Button type="submit" variant="outlined" loading={save.isPending} sx={{ alignSelf: { sm: 'flex-start' } }}>
        {t('studio.settings.messagePriceSave')}
      </Button>
    </Stack>
  );
}
