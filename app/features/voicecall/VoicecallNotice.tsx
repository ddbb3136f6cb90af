import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VOICECALL_TARGET } from './paths.ts';

/**
 * Voice-call mode hides most of the menu (spec part 1 "Voice call"): the menu says why, and links
 * to the call page, where the call's state is.
 */
export function VoicecallMenuNotice({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      // A standing explanation, not news: MUI's default role "alert" would interrupt screen readers
      // each time the menu opens.
      role="status"
      icon={<PhoneInTalkIcon fontSize="inherit" />}
      sx={{ m: 1, '& .MuiAlert-message': { minWidth: 0 } }}
      data-testid="voicecall-notice"
    >
      {t('sidemenu.voicecall_notice')}{' '}
      <Link component={RouterLink} to={VOICECALL_TARGET} onClick={onNavigate} color="inherit" underline="always">
        {t('sidemenu.voicecall_notice_link')}
      </Link>
    </Alert>
  );
}

/** The top bar's sign of a running call, a link to it: on phones the menu is hidden in a drawer. */
export function VoicecallBarLink() {
  const { t } = useTranslation();
  const label = t('navbar.voicecall_active');
  return (
    // A plain title, not MUI's Tooltip: the top bar is in the first paint's code.
    <IconButton component={RouterLink} to={VOICECALL_TARGET} color="inherit" aria-label={label} title={label}>
      <PhoneInTalkIcon />
    </IconButton>
  );
}
