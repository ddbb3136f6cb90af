import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '#app/lazy-page.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';

// The form (text field, the call) loads on first open: the index stays light.
const ReferralCodeDialog = lazyPart(() => import('./ReferralCodeDialog.tsx').then((m) => m.ReferralCodeDialog));

/** "Have a code?": opens the referral code form (spec part 2 "ruf"). */
export function ReferralCodeEntry() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return (
    <>
      <Button size="small" startIcon={<KeyIcon />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('referral.toggle')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ReferralCodeDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
