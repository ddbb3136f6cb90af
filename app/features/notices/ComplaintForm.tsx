import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '#app/features/content/FormTextField.tsx';
import { FOCUS_CLEARANCE } from '#app/features/content/formErrors.ts';
import { ApiError } from '#app/http.ts';
import { COMPLAINT_TEXT_MAX, complaintBody } from '#common/api/notices.ts';
import { refusalKey, useFileNotifierComplaint } from './api.ts';

const T = 'content.notice_complaint';

/**
 * Her complaint: one text field, checked with the server's schema. A refusal is said above the
 * button; a send that went through replaces the form with the page's `filed` state.
 */
export function ComplaintForm({ id, token, labelledBy }: { id: string; token: string; labelledBy: string }) {
  const { t } = useTranslation();
  const file = useFileNotifierComplaint(id, token);
  const { control, handleSubmit, setError, formState } = useForm<
    z.input<typeof complaintBody>,
    unknown,
    z.output<typeof complaintBody>
  >({ resolver: zodResolver(complaintBody), defaultValues: { text: '' } });
  const refusal = formState.errors.root?.server?.message;

  const onSubmit = handleSubmit(async ({ text }) => {
    try {
      await file.mutateAsync({ token, text });
    } catch (err) {
      // A 422 about the text belongs on the field; any other refusal is the form's.
      const fieldError = err instanceof ApiError && err.status === 422 ? err.fieldErrors().text : undefined;
      if (fieldError) setError('text', { type: 'server', message: fieldError }, { shouldFocus: true });
      else setError('root.server', { type: 'server', message: `${T}.${refusalKey(err)}` });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} sx={FOCUS_CLEARANCE}>
      <Stack spacing={2.5}>
        {refusal && (
          <Alert severity="error" role="alert">
            {t(refusal)}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="text"
          label={t(`${T}.text`)}
          required
          multiline
          minRows={6}
          maxRows={20}
          maxChars={COMPLAINT_TEXT_MAX}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={file.isPending}
            loadingPosition="start"
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t(`${T}.send`)}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
