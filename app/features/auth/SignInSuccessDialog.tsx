import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import { SUCCESS_DIALOG_MAX_WIDTH } from '#common/constants.ts';
import { SignupSuccessContent } from './SignupSuccessContent.tsx';
import { readRegisterEmail } from './store.ts';

/** #sign-in-success: persistent confirmation after signing up (only its next button closes it). */
export function SignInSuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const [stored] = useState(readRegisterEmail);
  return (
    <Dialog
      open={open}
      fullWidth
      aria-labelledby="sign-in-success-title"
      slotProps={{ paper: { sx: { maxWidth: SUCCESS_DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id="sign-in-success-title">{t('users.signup_success.title')}</DialogTitle>
      <DialogContent>
        <SignupSuccessContent email={stored ?? user?.email ?? null} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}
