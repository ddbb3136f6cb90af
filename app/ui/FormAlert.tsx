import Alert, { type AlertColor } from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A form's message (an i18n key), with an optional link that leads on (reset, contact, …). */
export function FormAlert({
  message,
  link,
  severity = 'error',
  values,
}: {
  message: string;
  link?: { to: string; label: string } | undefined;
  severity?: AlertColor;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'}>
      {t(message, values)}
      {link && (
        <>
          {' '}
          <Link component={RouterLink} to={link.to} color="inherit" sx={{ fontWeight: 'bold' }}>
            {t(link.label)}
          </Link>
        </>
      )}
    </Alert>
  );
}
