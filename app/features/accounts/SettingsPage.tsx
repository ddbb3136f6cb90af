import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PushDevices } from '#app/features/push/PushDevices.tsx';
import { PushOptIn } from '#app/features/push/PushOptIn.tsx';
import { SectionCard } from '#app/ui/SectionCard.tsx';
import { AppearanceSelects } from './AppearanceSelects.tsx';
import { DataExportSection } from './DataExportSection.tsx';
import { EmailChangeForm } from './EmailChangeForm.tsx';
import { MembersOnly } from './MembersOnly.tsx';
import { NicknamesSection } from './NicknamesSection.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import { PreferenceSwitches } from './PreferenceSwitches.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/** Without a password (Google accounts) the password is first set through the reset mail. */
function NoPasswordNote() {
  const { t } = useTranslation();
  return (
    <Typography>
      {t('profile.no_password')}{' '}
      <Link component={RouterLink} to="/users/reset">
        {t('profile.no_password_link')}
      </Link>
    </Typography>
  );
}

/** /users/profile/settings: nicknames, preferences, address, password, passkeys, the second factor, a copy of her data, and cancelling. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <MembersOnly>
      {(user) => (
        <Stack spacing={2}>
          <SectionCard id="nicknames" title={t('nicknames.title')}>
            <NicknamesSection />
          </SectionCard>
          <SectionCard id="preferences" title={t('profile.settings.title')}>
            <Stack spacing={2}>
              <AppearanceSelects />
              <PreferenceSwitches user={user} />
            </Stack>
          </SectionCard>
          <SectionCard id="notifications" title={t('push.optin.title')}>
            <Stack spacing={1}>
              <PushOptIn />
              <PushDevices />
            </Stack>
          </SectionCard>
          <SectionCard id="email" title={t('profile.email.title')}>
            {user.has_password ? <EmailChangeForm current={user.email} /> : <NoPasswordNote />}
          </SectionCard>
          <SectionCard id="password" title={t('profile.password.title')}>
            {user.has_password ? <PasswordChangeForm /> : <NoPasswordNote />}
          </SectionCard>
          <SectionCard id="passkeys" title={t('passkeys.title')}>
            <PasskeysSection hasPassword={user.has_password} />
          </SectionCard>
          <SectionCard id="two-factor" title={t('second_factor.settings.title')}>
            <TwoFactorSection hasPassword={user.has_password} />
          </SectionCard>
          <SectionCard id="your-data" title={t('data_export.title')}>
            <DataExportSection />
          </SectionCard>
          <SectionCard id="cancel" title={t('profile.cancel.title')}>
            <Typography sx={{ mb: 1 }}>{t('profile.cancel.text')}</Typography>
            <Link component={RouterLink} to="/users/cancel" color="error">
              {t('profile.cancel.link')}
            </Link>
          </SectionCard>
        </Stack>
      )}
    </MembersOnly>
  );
}
