import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSendTakedown } from './api.ts';
import { FormTextField } from './FormTextField.tsx';
import { FOCUS_CLEARANCE, showSendError } from './formErrors.ts';
import { CategoryField, GoodFaithField, NoticeSent } from './TakedownFields.tsx';
import { EXPLANATION_MAX, type TakedownOutput, type TakedownValues, takedownResolver } from './takedownForm.ts';
import { UrlListField } from './UrlListField.tsx';

const FIELDS = ['category', 'urls', 'explanation', 'name', 'email', 'good_faith'] as const;
/**
 * The notice of illegal content (EU DSA Art. 16): what, where, why, who, and the good-faith
 * statement. It follows the text's last section ("Submit a notice"), whose heading names it.
 */
export function TakedownForm({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const send = useSendTakedown();
  const { control, handleSubmit, reset, setError, formState } = useForm<TakedownValues, unknown, TakedownOutput>({
    resolver: takedownResolver,
    defaultValues: { urls: [''], explanation: '', name: '', email: '' },
  });
  const minor = useWatch({ control, name: 'category' }) === 'minor';
  const serverError = formState.errors.root?.server?.message;
  const optional = minor ? ` (${t('content.form.optional')})` : '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      reset();
    } catch (err) {
      showSendError(err, setError, FIELDS);
    }
  });

  return (
    <Box sx={{ mt: 1 }}>
      {send.data ? (
        <NoticeSent id={send.data.id} onAnother={() => send.reset()} />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={FOCUS_CLEARANCE} aria-labelledby={labelledBy}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {t('content.takedown.form_intro')}
          </Typography>
          <Stack spacing={3}>
            {serverError && (
              <Alert severity="error" role="alert">
                {t(serverError)}
              </Alert>
            )}
            <CategoryField control={control} />
            <UrlListField control={control} />
            <FormTextField
              control={control}
              name="explanation"
              label={t('content.takedown.explanation')}
              required
              multiline
              minRows={5}
              maxRows={20}
              maxChars={EXPLANATION_MAX}
            />
            <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5, p: 0 }}>
                {t('content.takedown.contact_title')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {t(minor ? 'content.takedown.contact_hint_minor' : 'content.takedown.contact_hint')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                <FormTextField
                  control={control}
                  name="name"
                  label={`${t('content.takedown.name')}${optional}`}
                  required={!minor}
                  autoComplete="name"
                />
                <FormTextField
                  control={control}
                  name="email"
                  type="email"
                  label={`${t('content.takedown.email')}${optional}`}
                  required={!minor}
                  autoComplete="email"
                />
              </Stack>
            </Box>
            <GoodFaithField control={control} />
            <Box>
              <Button type="submit" variant="contained" size="large" loading={send.isPending} loadingPosition="start">
                {t('content.takedown.submit')}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
