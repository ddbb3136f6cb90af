import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { COMPLAINT_TEXT_MAX } from '#common/api/notices.ts';
import { useStudioComplaint } from './statements-api.ts';

/** Why a complaint failed, as a text of the catalogue. */
function failureKey(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return 'errors.throttle';
    if (err.status === 409 && err.body?.message === 'complaint_exists') return 'errors.complaint_exists';
    if (err.status === 409) return 'errors.complaint_closed';
  }
  return 'studio.statements.failed';
}

/** Her complaint about one decision: a text, sent once. */
export function StudioComplaintForm({ statementId }: { statementId: number }) {
  const { t } = useTranslation();
  const complain = useStudioComplaint(statementId);
  const [text, setText] = useState('');
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || complain.isPending) return;
    complain.mutate({ text });
  };
  const field = `complaint-${statementId}`;
  return (
    <Stack component="form" noValidate onSubmit={send} spacing={1.5} sx={{ mt: 1 }}>
      <TextField
        id={field}
        label={t('studio.statements.complaint_label')}
        helperText={t('studio.statements.complaint_hint', { max: COMPLAINT_TEXT_MAX })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        slotProps={{ htmlInput: { maxLength: COMPLAINT_TEXT_MAX } }}
      />
      {complain.isError && (
        <Alert severity="error" role="alert">
          {t(failureKey(complain.error))}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" loading={complain.isPending} disabled={!text.trim()}>
          {t('studio.statements.complaint_send')}
        </Button>
      </div>
    </Stack>
  );
}
