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
import { freeCoinsVerifyBody, type PendingCode, SMS_CODE_ATTEMPTS, SMS_CODE_LENGTH } from '#common/api/free-coins.ts';
import { useSendCode, useVerifyCode } from './api.ts';
import { useSecondsUntil } from './useSecondsUntil.ts';

type Values = z.input<typeof freeCoinsVerifyBody>;

/** The code from the SMS, a new code after the resend wait, or back to another number. */
export function CodeStep({
  userId,
  pending,
  phone,
  onChangeNumber,
  onAdded,
}: {
  userId: number;
  pending: PendingCode;
  /** The number of this visit; without it a new code needs the number again. */
  phone: string | null;
  onChangeNumber: () => void;
  onAdded: (coins: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const verify = useVerifyCode(userId);
  const resend = useSendCode(userId);
  const wait = useSecondsUntil(pending.resend_at);
  const form = useForm<Values, unknown, z.output<typeof freeCoinsVerifyBody>>({
    resolver: zodResolver(freeCoinsVerifyBody),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(({ code }) =>
    verify.mutate(code, {
      onSuccess: ({ coins }) => onAdded(coins),
      onError: (err) => applyFieldErrors(err, form.setError, ['code']),
    }),
  );
  const sendAgain = () => {
    if (!phone) return onChangeNumber();
    form.reset({ code: '' });
    verify.reset();
    resend.mutate(phone);
  };
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(pending.expires_at),
  );
  const fieldError = Boolean(form.formState.errors.code);
  const props = fieldProps(form, 'code', t);
  const triesNote =
    pending.attempts_left < SMS_CODE_ATTEMPTS
      ? t('free_coins.code.attempts_left', { count: pending.attempts_left })
      : null;
  return (
    <Stack spacing={2}>
      <Typography role="status">{t('free_coins.code.sent', { hint: `…${pending.hint}`, time })}</Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('free_coins.steps.code')}>
        {verify.isError && !fieldError && <FormAlert message={apiErrorKey(verify.error)} />}
        {resend.isError && <FormAlert message={apiErrorKey(resend.error)} />}
        <TextField
          {...props}
          helperText={props.helperText ?? triesNote}
          label={t('free_coins.code.label')}
          autoComplete="one-time-code"
          autoFocus
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: SMS_CODE_LENGTH, pattern: '[0-9]*' } }}
        />
        <Button type="submit" variant="contained" loading={verify.isPending} sx={{ alignSelf: { sm: 'flex-start' } }}>
          {t('free_coins.code.submit')}
        </Button>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
          <Button onClick={sendAgain} disabled={wait > 0} loading={resend.isPending}>
            {wait > 0 ? t('free_coins.code.resend_in', { seconds: wait }) : t('free_coins.code.resend')}
          </Button>
          <Button onClick={onChangeNumber}>{t('free_coins.code.change')}</Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
