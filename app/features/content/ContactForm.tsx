import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useUser } from '#app/features/session/api.ts';
import { contactBody } from '#common/api/content.ts';
import { useSendContact } from './api.ts';
import { FormTextField } from './FormTextField.tsx';
import { FOCUS_CLEARANCE, showSendError } from './formErrors.ts';
import { SentAlert } from './SentAlert.tsx';

export const MESSAGE_MAX = 5000;
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** The contact form: validated with the server's schema, name and address taken from the account. */
export function ContactForm() {
  const { t } = useTranslation();
  const user = useUser();
  const send = useSendContact();
  // A link may name the subject (e.g. a failed payment's process id): /contact?subject=…
  const [search] = useSearchParams();
  const { control, handleSubmit, reset, setError, formState } = useForm<
    z.input<typeof contactBody>,
    unknown,
    z.output<typeof contactBody>
  >({
    resolver: zodResolver(contactBody),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      subject: search.get('subject')?.slice(0, 200) ?? '',
      message: '',
    },
  });
  const serverError = formState.errors.root?.server?.message;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      reset();
    } catch (err) {
      showSendError(err, setError, FIELDS);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={FOCUS_CLEARANCE}>
      <Stack spacing={2.5}>
        {send.isSuccess && <SentAlert title={t('content.contact.sent_title')}>{t('content.contact.sent')}</SentAlert>}
        {serverError && (
          <Alert severity="error" role="alert">
            {t(serverError)}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormTextField control={control} name="name" label={t('content.contact.name')} required autoComplete="name" />
          <FormTextField
            control={control}
            name="email"
            label={t('content.contact.email')}
            type="email"
            required
            autoComplete="email"
          />
        </Stack>
        <FormTextField control={control} name="subject" label={t('content.contact.subject')} required />
        <FormTextField
          control={control}
          name="message"
          label={t('content.contact.message')}
          required
          multiline
          minRows={6}
          maxRows={20}
          maxChars={MESSAGE_MAX}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" loading={send.isPending} loadingPosition="start">
            {t('content.contact.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
