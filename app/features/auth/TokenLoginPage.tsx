import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageCard } from '#app/ui/PageCard.tsx';
import type { Challenge } from './second-factor-api.ts';
import { TokenLoginRequestForm } from './TokenLoginRequestForm.tsx';
import { TokenLoginFailed, type TokenLoginFailure, TokenSecondStep, TokenSignIn } from './TokenSignIn.tsx';

/**
 * /token_login (decision 025): without a token, the form that mails a sign-in link and the note
 * that it is on its way; with ?token=, the step that signs in by that link once the visitor
 * confirms; after a good link whose account asks for it, the second step; after a failed link,
 * why it failed (the token gone from the address in both).
 */
export function TokenLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const state = useLocation().state as { failed?: TokenLoginFailure; challenge?: Challenge } | null;
  const failed = state?.failed;
  const challenge = state?.challenge;
  return (
    <PageCard title={t('token_login.title')} width="xs">
      {token ? (
        <TokenSignIn key={token} token={token} />
      ) : challenge ? (
        <TokenSecondStep challenge={challenge} />
      ) : failed ? (
        <TokenLoginFailed failure={failed} />
      ) : (
        <TokenLoginRequestForm />
      )}
    </PageCard>
  );
}
