import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageCard } from '#app/ui/PageCard.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { ResetRequestForm } from './ResetRequestForm.tsx';

/** /users/reset: request a mail, the note that it was sent, and with ?token= a new password. */
export function ResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <PageCard title={t(token ? 'reset.new.title' : 'reset.request.title')} width="xs">
      {token ? <NewPasswordForm key={token} token={token} /> : <ResetRequestForm />}
    </PageCard>
  );
}
