import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthCard } from './AuthCard.tsx';
import { TokenLoginRequestForm } from './TokenLoginRequestForm.tsx';
import { TokenSignIn } from './TokenSignIn.tsx';

/**
 * /token_login (decision 025): without a token, the form that mails a sign-in link and the note
 * that it is on its way; with ?token=, the sign-in by that link, at once.
 */
export function TokenLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthCard title={t('token_login.title')} width="xs">
      {token ? <TokenSignIn key={token} token={token} /> : <TokenLoginRequestForm />}
    </AuthCard>
  );
}
