import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyFieldErrors } from '#app/features/auth/errors.ts';
import { type StudioMe, studioShowSettingsBody } from '#common/api/studio.ts';
import { exclusivePrice } from '#common/domain/prices.ts';
import {
  EXCLUSIVE_FACTOR_MAX,
  EXCLUSIVE_FACTOR_MIN,
  EXCLUSIVE_MODES,
  EXCLUSIVE_NONE,
  type ExclusiveMode,
  PRICE_PER_MINUTE_MAX,
  PRICE_PER_MINUTE_MIN,
} from '#common/domain/show-settings.ts';
import { useStudioShowSettings } from './api.ts';
import { StudioMessagePrice } from './StudioMessagePrice.tsx';

type Values = z.input<typeof studioShowSettingsBody>;
type Show = StudioMe['show'];

const PRICE_FIELDS = ['pricePerMinute', 'exclusive', 'priceFactorExclusive'] as const satisfies readonly Path<Values>[];

/** The bounds a field's range message names. */
const RANGES: Partial<Record<keyof Values, { min: number; max: number }>> = {
  pricePerMinute: { min: PRICE_PER_MINUTE_MIN, max: PRICE_PER_MINUTE_MAX },
  priceFactorExclusive: { min: EXCLUSIVE_FACTOR_MIN, max: EXCLUSIVE_FACTOR_MAX },
};

const MODE_LABELS: Record<ExclusiveMode, string> = {
  0: 'studio.settings.exclusiveNone',
  1: 'studio.settings.exclusiveAvailable',
  2: 'studio.settings.exclusiveOnly',
};

const inRange = (value: unknown, range: { min: number; max: number } | undefined): value is number =>
  typeof value === 'number' && Number.isInteger(value) && !!range && value >= range.min && value <= range.max;

/**
 * Her show's chat settings in the studio: the free-chat switch saves at once; the price per
 * minute and the exclusive chat (not offered, besides private chat, or only it, with its factor)
 * are saved together, with the exclusive price worked out as she types. Takes the studio's show
 * (GET /api/studio/me) and follows it when it changes, keeping what she has typed and not saved.
 */
export function StudioShowSettings({ show }: { show: Show }) {
  const { t } = useTranslation();
  const titleId = useId();
  const exclusiveId = useId();
  const freeHintId = useId();
  const liveId = useId();
  const freeSave = useStudioShowSettings();
  const save = useStudioShowSettings();

  const values = useMemo<Values>(
    () => ({
      pricePerMinute: show.pricePerMinute,
      exclusive: show.exclusive,
      priceFactorExclusive: show.priceFactorExclusive,
    }),
    [show.pricePerMinute, show.exclusive, show.priceFactorExclusive],
  );
  const form = useForm<Values, unknown, z.output<typeof studioShowSettingsBody>>({
    resolver: zodResolver(studioShowSettingsBody),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const [price, mode, factor] = useWatch({ control: form.control, name: PRICE_FIELDS });
  const offersExclusive = mode !== undefined && mode !== EXCLUSIVE_NONE;

  const free = freeSave.isPending ? (freeSave.variables.free ?? show.free) : show.free;
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (me) =>
        form.reset({
          pricePerMinute: me.show.pricePerMinute,
          exclusive: me.show.exclusive,
          priceFactorExclusive: me.show.priceFactorExclusive,
        }),
      onError: (err) => applyFieldErrors(err, form.setError, PRICE_FIELDS),
    }),
  );
  const saveFailed = save.isError && Object.keys(form.formState.errors).length === 0;
  const saved = save.isSuccess && !form.formState.isDirty;

  /** A number field: registered as a number, its message naming its bounds. */
  const numberField = (name: 'pricePerMinute' | 'priceFactorExclusive', disabled = false) => {
    const { ref, ...rest } = form.register(name, { valueAsNumber: true, disabled });
    const error = form.formState.errors[name]?.message;
    return {
      ...rest,
      inputRef: ref,
      disabled,
      error: Boolean(error),
      helperText: error ? t(error, RANGES[name]) : undefined,
      fullWidth: true,
      slotProps: { htmlInput: { inputMode: 'numeric' as const, autoComplete: 'off' } },
    };
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('studio.settings.title')}
      </Typography>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <FormControlLabel
          control={
            <Switch
              checked={free}
              onChange={(e) => freeSave.mutate({ free: e.target.checked })}
              slotProps={{ input: { 'aria-describedby': freeHintId } }}
            />
          }
          label={t('studio.settings.free')}
        />
        <Typography id={freeHintId} variant="body2" color="text.secondary">
          {t('studio.settings.freeHint')}
        </Typography>
        {freeSave.isError && (
          <Alert severity="error" role="alert">
            {t('studio.settings.failed')}
          </Alert>
        )}
      </Stack>

      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby={titleId}>
        <TextField {...numberField('pricePerMinute')} label={t('studio.settings.pricePerMinute')} required />
        <FormControl error={Boolean(form.formState.errors.exclusive)}>
          <FormLabel id={exclusiveId}>{t('studio.settings.exclusive')}</FormLabel>
          <Controller
            control={form.control}
            name="exclusive"
            render={({ field }) => (
              <RadioGroup
                aria-labelledby={exclusiveId}
                name={field.name}
                value={field.value === undefined ? '' : String(field.value)}
                onChange={(_, value) => field.onChange(Number(value))}
                onBlur={field.onBlur}
              >
                {EXCLUSIVE_MODES.map((m) => (
                  <FormControlLabel key={m} value={String(m)} control={<Radio />} label={t(MODE_LABELS[m])} />
                ))}
              </RadioGroup>
            )}
          />
          {form.formState.errors.exclusive?.message && (
            <FormHelperText>{t(form.formState.errors.exclusive.message)}</FormHelperText>
          )}
        </FormControl>
        <div>
          <TextField
            {...numberField('priceFactorExclusive', !offersExclusive)}
            label={t('studio.settings.factor')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'aria-describedby': liveId },
            }}
          />
          {/* Always there, so screen readers hear the price as it changes. */}
          <Typography id={liveId} role="status" aria-live="polite" variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
            {offersExclusive &&
              (inRange(price, RANGES.pricePerMinute) && inRange(factor, RANGES.priceFactorExclusive)
                ? t('studio.settings.exclusivePrice', { price: exclusivePrice(price, factor) })
                : t('studio.settings.exclusivePriceUnknown'))}
          </Typography>
        </div>
        {saveFailed && (
          <Alert severity="error" role="alert">
            {t('studio.settings.failed')}
          </Alert>
        )}
        {saved && (
          <Alert severity="success" role="status">
            {t('studio.settings.saved')}
          </Alert>
        )}
        <Button type="submit" variant="contained" loading={save.isPending} sx={{ alignSelf: { sm: 'flex-start' } }}>
          {t('studio.settings.save')}
        </Button>
      </Stack>
      <StudioMessagePrice show={show} />
    </Paper>
  );
}
