import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageCard } from '#app/ui/PageCard.tsx';
import { SignupSuccessContent } from './SignupSuccessContent.tsx';
import { readRegisterEmail } from './store.ts';

/** /users/signup_success: only right after registering (a stored register address), else home. */
export function SignupSuccessPage() {
  const { t } = useTranslation();
  const [email] = useState(readRegisterEmail);
  if (!email) return <Navigate to="/" replace />;
  return (
    <PageCard title={t('users.signup_success.title')} width="md">
      <SignupSuccessContent email={email} />
    </PageCard>
  );
}
