import {
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TAKEDOWN_CATEGORIES } from '#common/api/content.ts';
import { SentAlert } from './SentAlert.tsx';
import type { TakedownOutput, TakedownValues } from './takedownForm.ts';

type FormControlOf = Control<TakedownValues, unknown, TakedownOutput>;

export function CategoryField({ control }: { control: FormControlOf }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="category"
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          required
          label={t('content.takedown.category')}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
        >
          {TAKEDOWN_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c} sx={{ whiteSpace: 'normal' }}>
              {t(`content.takedown.categories.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export function GoodFaithField({ control }: { control: FormControlOf }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="good_faith"
      render={({ field, fieldState }) => (
        <FormControl required error={fieldState.invalid}>
          <FormControlLabel
            sx={{ alignItems: 'flex-start' }}
            control={
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
                sx={{ mt: -1 }}
              />
            }
            label={t('content.takedown.good_faith')}
          />
          {fieldState.error?.message && <FormHelperText>{t(fieldState.error.message)}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** The confirmation that replaces the form, focused so it is read out. */
export function NoticeSent({ id, onAnother }: { id: number; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <SentAlert title={t('content.takedown.sent_title')}>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('content.takedown.sent', { id })}</Typography>
        {t('content.takedown.sent_followup')}
      </SentAlert>
      <Button variant="outlined" onClick={onAnother}>
        {t('content.takedown.another')}
      </Button>
    </Stack>
  );
}
