import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '#app/lazy-page.ts';

/** The billing choice loads when the member tops up. */
const TopUpDialog = lazyPart(() => import('./TopUpDialog.tsx').then((m) => m.TopUpDialog));

/**
 * The coins will not pay for the next minute: a warning a minute ahead, with a top-up that opens
 * the payment window over the show, so the chat goes on.
 */
export function LowCoinsNotice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert
        severity="warning"
        role="alert"
        sx={{ m: 1 }}
        action={
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => setOpen(true)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('chatsession.low_coins.top_up')}
          </Button>
        }
      >
        {t('chatsession.low_coins.message')}
      </Alert>
      {open && (
        <Suspense fallback={null}>
          <TopUpDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
