import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '#common/api/auth.ts';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { GoogleSignupConfirm } from './GoogleSignupConfirm.tsx';
import { LoginPanel } from './LoginPanel.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { useGoogleSignupStore } from './store.ts';

type TabName = 'register' | 'login';

/**
 * The tabbed register / login panel of the sign-up page and the #sign-in dialog; after a Google
 * sign-in with an unknown address, the Google confirmation instead.
 */
export function SignupTabs({
  initial = 'register',
  onRegistered,
  onLoggedIn,
}: {
  initial?: TabName;
  onRegistered?: () => void;
  onLoggedIn?: (user: User) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabName>(initial);
  const google = useGoogleSignupStore();
  if (google.email && google.credential)
    return <GoogleSignupConfirm email={google.email} credential={google.credential} />;
  return (
    <>
      <Tabs value={tab} onChange={(_, v: TabName) => setTab(v)} variant="fullWidth" sx={{ mb: 3 }}>
        <Tab
          value="register"
          label={t('users.signup2.tabs.register')}
          id="tab-register"
          aria-controls="panel-register"
        />
        <Tab value="login" label={t('users.signup2.tabs.login')} id="tab-login" aria-controls="panel-login" />
      </Tabs>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'register' ? (
          <>
            <RegisterForm {...(onRegistered ? { onRegistered } : {})} />
            <Box sx={{ mt: 2 }}>
              <GoogleSignIn onSuccess={onLoggedIn} />
            </Box>
          </>
        ) : (
          <LoginPanel {...(onLoggedIn ? { onSuccess: onLoggedIn } : {})} />
        )}
      </Box>
    </>
  );
}
