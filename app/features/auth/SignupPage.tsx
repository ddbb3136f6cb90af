import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { PageCard } from '#app/ui/PageCard.tsx';
import { SignupTabs } from './SignupTabs.tsx';

/** /users/signup: register or log in. A member who is (or just got) logged in goes home. */
export function SignupPage() {
  const { t } = useTranslation();
  const user = useUser();
  // Registering logs in too, but then the form itself goes on to the success page.
  const [registered, setRegistered] = useState(false);
  if (user && !registered) return <Navigate to="/" replace />;
  return (
    <PageCard title={t('users.signup2.title')}>
      <SignupTabs onRegistered={() => setRegistered(true)} />
    </PageCard>
  );
}
