import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '#app/features/auth/errors.ts';
import { setLocale } from '#app/i18n.ts';
import { applyLayout } from '#app/platform/layout.ts';
import { useShellStore } from '#app/platform/store.ts';
import { isThemeName } from '#app/theme/themes.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { LOCALES, THEMES } from '#common/constants.ts';
import { isLocale } from '#common/domain/locale.ts';
import { useUpdateUser } from './api.ts';

/** Layout and language: applied at once, and saved with the account for the next login. */
export function AppearanceSelects() {
  const { t, i18n } = useTranslation();
  const layout = useShellStore((s) => s.layout);
  const update = useUpdateUser();
  return (
    <Stack spacing={2}>
      {update.isError && <FormAlert message={apiErrorKey(update.error)} />}
      <Stack spacing={2} direction={{ xs: 'column', sm: 'row' }}>
        <TextField
          select
          fullWidth
          id="settings-theme"
          label={t('profile.settings.theme')}
          value={layout}
          onChange={(e) => {
            const theme = e.target.value;
            if (!isThemeName(theme)) return;
            applyLayout(theme);
            update.mutate({ theme });
          }}
        >
          {THEMES.map((name) => (
            <MenuItem key={name} value={name}>
              {t(`profile.settings.themes.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          id="settings-locale"
          label={t('profile.settings.language')}
          value={i18n.language}
          onChange={(e) => {
            const locale = e.target.value;
            if (!isLocale(locale)) return;
            void setLocale(locale);
            update.mutate({ locale });
          }}
        >
          {LOCALES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`profile.settings.languages.${code}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}
