import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api-error.ts';
import { studioPhoneChatBody } from '#common/api/studio-phone-chat.ts';
import { studioPhoneChatQuery, useStudioPhoneChat } from './api.ts';

/** The first i18n key the server (or the form's own check) gave a field, if any. */
const keyOf = (err: unknown, field: string) => (err instanceof ApiError ? err.fieldErrors()[field] : undefined);

/**
 * Her phone chat in the studio (decision 060): her extension, her "takes calls" switch, and on the
 * real line the telephone callers are put through to, given with her consent and shown back only
 * masked. Nothing for a show without phone chat.
 */
export function StudioPhoneChat() {
  const { t } = useTranslation();
  const titleId = useId();
  const state = useQuery(studioPhoneChatQuery);
  const taking = useStudioPhoneChat();
  const save = useStudioPhoneChat();
  const [number, setNumber] = useState('');
  const [consent, setConsent] = useState(false);
  const [formError, setFormError] = useState<Record<string, string>>({});
  const phone = state.data;
  if (!phone?.phoneChat) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = studioPhoneChatBody.safeParse({ number, consent });
    if (!body.success) {
      const errors: Record<string, string> = {};
      for (const issue of body.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
      setFormError(errors);
      return;
    }
    setFormError({});
    save.mutate(
      { number: body.data },
      {
        onSuccess: () => {
          setNumber('');
          setConsent(false);
        },
      },
    );
  };
  const numberError = formError.number ?? keyOf(save.error, 'number');
  const consentError = formError.consent ?? keyOf(save.error, 'consent');
  const switchError = keyOf(taking.error, 'on');
  const on = taking.isPending && 'on' in taking.variables ? taking.variables.on : phone.takingCalls;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('studio.phone.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('studio.phone.extension', { extension: phone.extension ?? '' })}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(e) => taking.mutate({ on: e.target.checked })}
            disabled={taking.isPending || (phone.needsForwarding && !phone.forwarding && !on)}
          />
        }
        label={t('studio.phone.taking')}
      />
      {switchError && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t(switchError)}
        </Alert>
      )}
      {phone.needsForwarding && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Typography variant="body2">
            {phone.forwarding
              ? t('studio.phone.forwarding', { number: phone.forwarding })
              : t('studio.phone.no_forwarding')}
          </Typography>
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1.5 }}>
            <TextField
              label={t('studio.phone.number')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              error={Boolean(numberError)}
              helperText={numberError ? t(numberError) : t('studio.phone.number_hint')}
              slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel', maxLength: 30 } }}
              fullWidth
            />
            <FormControlLabel
              control={<Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />}
              label={t('studio.phone.consent')}
            />
            {consentError && (
              <Typography variant="caption" color="error" role="alert">
                {t(consentError)}
              </Typography>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" loading={save.isPending}>
                {t('studio.phone.save')}
              </Button>
              {phone.forwarding && (
                <Button
                  variant="text"
                  color="inherit"
                  disabled={save.isPending}
                  onClick={() => save.mutate({ number: { number: null } })}
                >
                  {t('studio.phone.remove')}
                </Button>
              )}
            </Box>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
