import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePublicConfig } from '#app/features/session/api.ts';
import { clientVersion } from '#app/platform/build.ts';
import { useRouteName } from '#app/platform/route-name.ts';
import { CardMarks } from '#app/ui/CardMarks.tsx';
import { FOOTER_GROUPS, FOOTER_LINKS, footerVariant } from './footer-links.ts';
import { LanguageSelector } from './LanguageSelector.tsx';

/** The footer for the page: full on the index, compact elsewhere, hidden during chat. */
export function Footer() {
  const variant = footerVariant(useRouteName(), useLocation().hash);
  if (!variant) return null;
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 4 }}>
      {variant === 'full' ? <FullFooter /> : <CompactFooter />}
    </Box>
  );
}

function FooterLink({ to, label }: { to: string; label: string }) {
  return (
    <Link component={RouterLink} to={to} variant="body2" underline="hover" sx={{ color: 'text.secondary' }}>
      {label}
    </Link>
  );
}

/**
 * The small print: copyright and the application's semantic version (support asks for it). The
 * version is this bundle's, as in its error logs: what the visitor reads out to support is then
 * the code actually running in the tab, and the logs of that tab carry the same; a newer server
 * version is the update banner's to announce.
 */
function Copyright() {
  const { t } = useTranslation();
  const { site } = usePublicConfig();
  const version = clientVersion();
  return (
    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
      {t('footer.copyright', { year: new Date().getFullYear(), site: site.name })}
      {' · '}
      <span data-testid="app-version">{t('footer.version', { version })}</span>
    </Typography>
  );
}

function FullFooter() {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 4 }} data-testid="footer-full">
      <Box
        component="nav"
        aria-label={t('footer.nav')}
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}
      >
        {FOOTER_GROUPS.map((group) => (
          <Box key={group}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
              {t(`footer.groups.${group}`)}
            </Typography>
            <Stack spacing={0.75}>
              {FOOTER_LINKS.filter((l) => l.group === group).map((l) => (
                <FooterLink key={l.key} to={l.to} label={t(`footer.links.${l.key}`)} />
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 3 }} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.5}>
          <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520 }}>
            {t('footer.adults_only')}
          </Typography>
          <Copyright />
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <CardMarks />
          <LanguageSelector />
        </Stack>
      </Stack>
    </Box>
  );
}

function CompactFooter() {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, py: 2 }} data-testid="footer-compact">
      <Stack
        component="nav"
        aria-label={t('footer.nav')}
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 1.5 }}
      >
        {FOOTER_LINKS.map((l) => (
          <FooterLink key={l.key} to={l.to} label={t(`footer.links.${l.key}`)} />
        ))}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <CardMarks />
        <LanguageSelector />
        <Box sx={{ flex: 1 }} />
        <Copyright />
      </Stack>
    </Box>
  );
}
