import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { REFERRAL_CODE_MAX } from '#common/domain/referral-codes.ts';
import { useIssueReferral } from './referrals-api.ts';

/**
 * Issues a code: her own text, or none for a generated one. The server checks the text (length,
 * characters, taken, her limit) and names what is wrong under the field.
 */
export function StudioReferralForm({ full }: { full: boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const issue = useIssueReferral();
  const fieldError = issue.error instanceof ApiError ? issue.error.fieldErrors().code : undefined;
  const failed = issue.isError && !fieldError;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    issue.mutate({ code }, { onSuccess: () => setCode('') });
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="referral-issue"
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Typography id="referral-issue" component="h2" variant="h6">
        {t('studio.referrals.issue_title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          label={t('studio.referrals.field')}
          value={code}
          onChange={(e) => {
            issue.reset();
            setCode(e.target.value.toUpperCase());
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ? t(fieldError) : t('studio.referrals.field_hint')}
          disabled={full}
          slotProps={{
            htmlInput: {
              maxLength: REFERRAL_CODE_MAX,
              autoComplete: 'off',
              autoCapitalize: 'characters',
              spellCheck: false,
            },
          }}
          sx={{ flex: '1 1 16rem', maxWidth: 420 }}
        />
        <Button type="submit" variant="contained" disabled={full || issue.isPending} sx={{ mt: 1 }}>
          {t('studio.referrals.issue')}
        </Button>
      </Box>
      {full && <Alert severity="info">{t('studio.referrals.limit_reached')}</Alert>}
      {failed && <Alert severity="error">{t('studio.referrals.failed')}</Alert>}
      {issue.isSuccess && (
        <Alert severity="success" role="status">
          {t('studio.referrals.issued', { code: issue.data.code })}
        </Alert>
      )}
    </Box>
  );
}
