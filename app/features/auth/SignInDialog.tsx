import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { SIGNUP_DIALOG_MAX_WIDTH } from '#common/constants.ts';
import { SignupTabs } from './SignupTabs.tsx';

/**
 * #sign-in: the sign-up tabs (register / login) in a dialog. A sign-in ends it with `onSignedIn`
 * (by default as closing does): the shell keeps a hash that asked for more than the sign-in.
 */
export function SignInDialog({
  open,
  onClose,
  onSignedIn = onClose,
}: {
  open: boolean;
  onClose: () => void;
  onSignedIn?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      aria-labelledby="sign-in-title"
      slotProps={{
        paper: {
          sx: {
            maxWidth: SIGNUP_DIALOG_MAX_WIDTH,
            m: { xs: 1, sm: 4 },
            width: { xs: 'calc(100% - 16px)', sm: undefined },
          },
        },
      }}
    >
      <DialogTitle id="sign-in-title" sx={{ pr: 6 }}>
        {t('users.signup2.title')}
      </DialogTitle>
      <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <SignupTabs onLoggedIn={onSignedIn} />
      </DialogContent>
    </Dialog>
  );
}
