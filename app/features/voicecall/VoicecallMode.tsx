import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useVoicecall } from './use-voicecall.ts';

/** The shell's voice-call mode and its connected hint (mounted once in the root layout). */
export function VoicecallMode() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hint, dismissHint } = useVoicecall();
  return (
    <Snackbar
      open={hint !== null}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_e, reason) => reason !== 'clickaway' && dismissHint()}
    >
      <Alert
        severity="success"
        variant="filled"
        onClose={dismissHint}
        sx={{ width: '100%', maxWidth: 520 }}
        action={
          hint?.kind === 'few_coins' ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                dismissHint();
                void navigate('/billing?paymenttypename=card');
              }}
            >
              {t('voicecall.hint.buy')}
            </Button>
          ) : undefined
        }
      >
        {hint?.kind === 'few_coins'
          ? t('voicecall.hint.few_coins', { coins: hint.coins })
          : hint?.kind === 'ended'
            ? t('voicecall.state.ended', { coins: hint.coins })
            : t('voicecall.hint.connected')}
      </Alert>
    </Snackbar>
  );
}
