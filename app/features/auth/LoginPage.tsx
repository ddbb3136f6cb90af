import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '#app/ui/PageCard.tsx';
import { LoginPanel } from './LoginPanel.tsx';

/** /login and /sessions/new: the login panel in a card; after a login, on to /users/signup (spec). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageCard title={t('login.title')} width="xs">
      <LoginPanel onSuccess={() => void navigate('/users/signup')} />
    </PageCard>
  );
}
