import CheckCircle from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOW_RECOVERY_CODES, useSecondFactorState } from '#app/features/auth/second-factor-api.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { notify } from '#app/ui/snackbar.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TotpSetup } from './TotpSetup.tsx';
import { NewCodesDialog, TurnOffDialog } from './TwoFactorDialogs.tsx';

type Open = null | 'codes' | 'off';

/**
 * The settings' "Two-step sign-in" (decision 071). Off: setting up an authenticator app (QR code
 * and key, then its first code). Just turned on, or new codes made: the recovery codes, shown
 * once. On: since when, recovery codes left, new codes and turning it off (each in a dialog).
 */
export function TwoFactorSection({ hasPassword }: { hasPassword: boolean }) {
  const { t, i18n } = useTranslation();
  const state = useSecondFactorState();
  const [codes, setCodes] = useState<{ list: string[]; first: boolean } | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const sf = state.data?.second_factor;

  const body = (() => {
    if (codes)
      return (
        <RecoveryCodes
          codes={codes.list}
          onSaved={() => {
            if (codes.first) notify('second_factor.settings.turned_on', 'success');
            setCodes(null);
          }}
        />
      );
    if (state.isPending)
      return <LoadState kind="loading" rows={{ count: 2, height: 40 }} label={t('common.loading')} />;
    if (state.isError || !sf)
      return (
        <LoadState
          kind="error"
          text={t('errors.unknown_error')}
          retry={{ label: t('common.retry'), onClick: () => void state.refetch() }}
        />
      );
    if (!sf.totp)
      return (
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('second_factor.settings.off')}</Typography>
          <TotpSetup hasPassword={hasPassword} onConfirmed={(list) => setCodes({ list, first: true })} />
        </Stack>
      );
    const low = sf.recovery_codes_left <= LOW_RECOVERY_CODES;
    return (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckCircle color="success" aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>{t('second_factor.settings.on')}</Typography>
        </Stack>
        <Typography>
          {sf.since &&
            `${t('second_factor.settings.since', { date: new Date(sf.since).toLocaleDateString(i18n.language) })} `}
          <Typography
            component="span"
            color={low ? 'warning.main' : 'inherit'}
            sx={{ fontWeight: low ? 600 : undefined }}
          >
            {t('second_factor.settings.codes_left', { count: sf.recovery_codes_left })}
          </Typography>
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" onClick={() => setOpen('codes')}>
            {t('second_factor.settings.new_codes')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setOpen('off')}>
            {t('second_factor.settings.turn_off')}
          </Button>
        </Stack>
        {open === 'codes' && (
          <NewCodesDialog
            onClose={() => setOpen(null)}
            onCodes={(list) => {
              setOpen(null);
              setCodes({ list, first: false });
            }}
          />
        )}
        {open === 'off' && <TurnOffDialog hasPassword={hasPassword} onClose={() => setOpen(null)} />}
      </Stack>
    );
  })();

  return (
    <Stack spacing={2}>
      <Typography>{t('second_factor.settings.intro')}</Typography>
      {body}
      <Typography variant="body2" color="text.secondary">
        {t('second_factor.settings.passkeys_note')}
      </Typography>
    </Stack>
  );
}
