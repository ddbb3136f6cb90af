import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import { isLocale, setLocale } from '#app/i18n.ts';
import { useSaveLocale } from './api.ts';

/** Each language is named in itself, in both catalogs. */
const LANGUAGES = ['en', 'de'] as const;

/** Switches the interface language (cookie, no URL prefix); a member's choice is saved on the account. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const member = Boolean(useUser());
  const save = useSaveLocale();
  const change = (value: string | null) => {
    if (!isLocale(value) || value === i18n.language) return;
    void setLocale(value);
    if (member) save.mutate(value);
  };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={i18n.language}
      onChange={(_e, v: string | null) => change(v)}
      aria-label={t('footer.language')}
    >
      {LANGUAGES.map((l) => (
        <ToggleButton key={l} value={l} lang={l} sx={{ textTransform: 'none', px: 1.5 }}>
          {t(`footer.languages.${l}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
