import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioReferralCode } from '#common/api/referrals.ts';
import { useRetireReferral } from './referrals-api.ts';

const STATE_COLOR = { active: 'success', retired: 'default', expired: 'default', used_up: 'warning' } as const;

/** Her codes, one card each (a phone and a desktop alike): state, what it brought, and retiring it. */
export function StudioReferralList({ codes }: { codes: StudioReferralCode[] }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<string | null>(null);
  const retire = useRetireReferral();
  const n = (value: number) => value.toLocaleString(i18n.language);
  const close = () => {
    retire.reset();
    setAsking(null);
  };
  return (
    <>
      {retire.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 1.5 }}>
          {t('studio.referrals.retired', { code: retire.data.code })}
        </Alert>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {codes.map((c) => (
          <Box
            component="li"
            key={c.code}
            aria-label={c.code}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                {c.code}
              </Typography>
              <Chip size="small" color={STATE_COLOR[c.state]} label={t(`studio.referrals.state_${c.state}`)} />
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0 }}>
              {(
                [
                  ['col_uses', c.uses],
                  ['col_signups', c.signUps],
                  ['col_purchases', c.firstPurchases],
                  ['col_coins', c.firstPurchaseCoins],
                ] as const
              ).map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t(`studio.referrals.${label}`)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {n(value)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {c.state !== 'retired' && (
              <Button
                size="small"
                color="error"
                onClick={() => setAsking(c.code)}
                aria-label={t('studio.referrals.retire_label', { code: c.code })}
                sx={{ justifySelf: 'start' }}
              >
                {t('studio.referrals.retire')}
              </Button>
            )}
          </Box>
        ))}
      </Stack>
      <Dialog open={asking !== null} onClose={close} aria-labelledby="referral-retire-title">
        <DialogTitle id="referral-retire-title">
          {t('studio.referrals.retire_title', { code: asking ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('studio.referrals.retire_text')}</DialogContentText>
          {retire.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('studio.referrals.failed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('studio.referrals.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={retire.isPending}
            onClick={() => asking && retire.mutate(asking, { onSuccess: () => setAsking(null) })}
          >
            {t('studio.referrals.retire')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
