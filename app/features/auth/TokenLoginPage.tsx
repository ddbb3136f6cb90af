import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageCard } from '#app/ui/PageCard.tsx';
import { TokenLoginRequestForm } from './TokenLoginRequestForm.tsx';
import { TokenLoginFailed, type TokenLoginFailure, TokenSignIn } from './TokenSignIn.tsx';

/**
 * /token_login (decision 025): without a token, the form that mails a sign-in link and the note
 * that it is on its way; with ?token=, the step that signs in by that link once the visitor
 * confirms; after a failed link, why it failed (the token gone from the address).
 */
export function TokenLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const failed = (useLocation().state as { failed?: TokenLoginFailure } | null)?.failed;
  return (
    <PageCard title={t('token_login.title')} width="xs">
      {token ? (
        <TokenSignIn key={token} token={token} />
      ) : failed ? (
        <TokenLoginFailed failure={failed} />
      ) : (
        <TokenLoginRequestForm />
      )}
    </PageCard>
  );
}
