import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMailSuggestion } from './api.ts';

/** "Did you mean …?" under the address field; a click takes the suggestion. */
export function MailSuggestion({ email, onAccept }: { email: string; onAccept: (suggestion: string) => void }) {
  const { t } = useTranslation();
  const suggestion = useMailSuggestion(email);
  if (!suggestion) return null;
  return (
    <Typography variant="body2" role="status" sx={{ mt: -1 }}>
      {t('users.signup2.form.mail_suggestion')}{' '}
      <Link component="button" type="button" variant="body2" onClick={() => onAccept(suggestion)}>
        {suggestion}
      </Link>
      ?
    </Typography>
  );
}
