import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorKey, applyFieldErrors } from '#app/features/auth/errors.ts';
import { fieldProps } from '#app/features/auth/formField.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { freeCoinsSendBody, PHONE_INPUT_MAX } from '#common/api/free-coins.ts';
import { useSendCode } from './api.ts';

type Values = z.input<typeof freeCoinsSendBody>;

/** The mobile number; the shared schema checks its shape before the server texts the code. */
export function PhoneStep({ userId, onSent }: { userId: number; onSent: (phone: string) => void }) {
  const { t } = useTranslation();
  const send = useSendCode(userId);
  const form = useForm<Values, unknown, z.output<typeof freeCoinsSendBody>>({
    resolver: zodResolver(freeCoinsSendBody),
    defaultValues: { phone: '' },
  });
  const submit = form.handleSubmit(({ phone }) =>
    send.mutate(phone, {
      onSuccess: () => onSent(phone),
      onError: (err) => applyFieldErrors(err, form.setError, ['phone']),
    }),
  );
  const fieldError = Boolean(form.formState.errors.phone);
  const props = fieldProps(form, 'phone', t);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('free_coins.steps.phone')}>
      {send.isError && !fieldError && <FormAlert message={apiErrorKey(send.error)} />}
      <TextField
        {...props}
        helperText={props.helperText ?? t('free_coins.phone.help')}
        label={t('free_coins.phone.label')}
        type="tel"
        autoComplete="tel"
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: PHONE_INPUT_MAX, inputMode: 'tel' } }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('free_coins.phone.privacy')}
      </Typography>
      <Button type="submit" variant="contained" loading={send.isPending} sx={{ alignSelf: { sm: 'flex-start' } }}>
        {t('free_coins.phone.submit')}
      </Button>
    </Stack>
  );
}
