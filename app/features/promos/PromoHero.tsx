import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUser } from '#app/features/session/api.ts';

/** The page's frame: content width and padding as the catalogue pages. */
export function PromoPage({ children }: { children: ReactNode }) {
  return <Box sx={{ px: { xs: 1.5, md: 2 }, py: { xs: 2, md: 3 }, maxWidth: 1720, mx: 'auto' }}>{children}</Box>;
}

/** The page's head: an icon, the one h1, what the offer is, and what to do next. */
export function PromoHero(props: { icon: ReactElement; title: string; children?: ReactNode }) {
  return (
    <Paper
      component="header"
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, mb: 3, display: 'flex', gap: 2, alignItems: 'flex-start', bgcolor: 'action.hover' }}
    >
      <Box
        aria-hidden
        sx={{ color: 'secondary.main', display: { xs: 'none', sm: 'block' }, '& svg': { fontSize: 48 } }}
      >
        {props.icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontWeight: 700, mb: 1, fontSize: { xs: '1.6rem', md: '2.1rem' } }}
        >
          {props.title}
        </Typography>
        {props.children}
      </Box>
    </Paper>
  );
}

/** A section of the page with its h2. */
export function PromoSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={props.id} sx={{ mb: 4 }}>
      <Typography id={props.id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/** For visitors: sign up (the sign-in dialog's sign-up), with a line on why. Members see nothing. */
export function SignupCta({ text }: { text: string }) {
  const { t } = useTranslation();
  if (useUser()) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 2 }}>
      <Button component={RouterLink} to="#sign-in" variant="contained" size="large">
        {t('promos.signup')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

/** Where to go when the page has nothing to list: all shows, and another page if given. */
export function ShowLinks({ also }: { also?: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
      <Button component={RouterLink} to="/shows/all-shows" variant="outlined">
        {t('promos.to_shows')}
      </Button>
      {also && (
        <Button component={RouterLink} to={also.to} variant="text">
          {also.label}
        </Button>
      )}
    </Box>
  );
}
