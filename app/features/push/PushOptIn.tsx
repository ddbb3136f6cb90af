import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDevicePush, useSetDevicePush } from './api.ts';

/**
 * "Notify me on this device": the switch that turns this browser's pushes on or off. The
 * browser's permission prompt comes only from the member's click on it. A browser without push
 * says so (with the way on an iPhone); a blocked permission says how to allow it.
 */
export function PushOptIn() {
  const { t } = useTranslation();
  const device = useDevicePush();
  const change = useSetDevicePush();
  const state = change.isPending ? (change.variables ? 'on' : 'off') : device.data;
  if (device.isPending) return null;
  if (state === 'unsupported') {
    return (
      <Alert severity="info" data-testid="push-optin">
        {t('push.optin.unsupported')}
      </Alert>
    );
  }
  return (
    <Stack spacing={1} data-testid="push-optin">
      <FormControlLabel
        control={
          <Switch
            checked={state === 'on'}
            disabled={change.isPending}
            onChange={(e) => change.mutate(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'push-optin-hint' } }}
          />
        }
        label={t('push.optin.switch')}
      />
      <Typography id="push-optin-hint" variant="body2" color="text.secondary">
        {state === 'on' ? t('push.optin.on') : t('push.optin.hint')}
      </Typography>
      {state === 'denied' && (
        <Alert severity="warning" role="status">
          {t('push.optin.denied')}
        </Alert>
      )}
      {change.isError && (
        <Alert severity="error" role="alert">
          {t('push.optin.failed')}
        </Alert>
      )}
    </Stack>
  );
}
