import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import { setLocale } from '#app/i18n.ts';
import { isLocale } from '#common/domain/locale.ts';
import { useSaveLocale } from './api.ts';

/** Each language is named in itself, in both catalogs. */
const LANGUAGES = ['en', 'de'] as const;

/** On the top bar: the bar's own text colour, the chosen language lit up. */
const ON_BAR: SxProps<Theme> = {
  '& .MuiToggleButton-root': {
    color: 'inherit',
    borderColor: (theme) => alpha(theme.palette.common.white, 0.5),
    py: 0.25,
  },
  '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
    color: 'inherit',
    bgcolor: (theme) => alpha(theme.palette.common.white, 0.24),
  },
};

/**
 * Switches the interface language (cookie, no URL prefix); a member's choice is saved on the
 * account. In the footer, on the top bar (`onBar`) and in the phone's side menu.
 */
export function LanguageSelector({ onBar = false }: { onBar?: boolean }) {
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
      sx={onBar ? ON_BAR : undefined}
    >
      {LANGUAGES.map((l) => (
        <ToggleButton key={l} value={l} lang={l} sx={{ textTransform: 'none', px: 1.5 }}>
          {t(`footer.languages.${l}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
