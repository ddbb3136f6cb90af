import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorKey, applyFieldErrors } from '#app/features/auth/errors.ts';
import { fieldProps } from '#app/features/auth/formField.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { COUPON_CODE_MAX, redeemBody } from '#common/api/coupons.ts';
import { useRedeemCoupon } from './api.ts';

type Values = z.input<typeof redeemBody>;

/** The code field and its button; the result (coins credited, or added to the list) shows above. */
export function RedeemForm() {
  const { t } = useTranslation();
  const redeem = useRedeemCoupon();
  const form = useForm<Values, unknown, z.output<typeof redeemBody>>({
    resolver: zodResolver(redeemBody),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit((values) =>
    redeem.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (err) => applyFieldErrors(err, form.setError, ['code']),
    }),
  );
  const onField = Boolean(form.formState.errors.code);
  const done = redeem.isSuccess ? redeem.data : null;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('coupons.redeem.title')}>
      {done && (
        <Alert severity="success" role="status">
          {done.credited > 0 ? t('coupons.redeem.credited', { count: done.credited }) : t('coupons.redeem.claimed')}
        </Alert>
      )}
      {redeem.isError && !onField && <FormAlert message={apiErrorKey(redeem.error)} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          {...fieldProps(form, 'code', t)}
          label={t('coupons.redeem.code')}
          autoComplete="off"
          required
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: COUPON_CODE_MAX, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" size="large" loading={redeem.isPending} sx={{ minHeight: 56 }}>
          {t('coupons.redeem.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
