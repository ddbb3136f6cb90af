import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig, useUser } from '#app/features/session/api.ts';

/** Headline, intro and the call to action: sign up for visitors, the profile for members. */
export function HomeHero() {
  const { t } = useTranslation();
  const user = useUser();
  const site = usePublicConfig().site.name;
  // A member without nickname or user name is greeted by the first part of the address.
  const name = user?.nicknames.current_nickname?.nickname ?? user?.name ?? user?.email.split('@')[0] ?? '';
  return (
    <Box
      component="section"
      aria-labelledby="home-title"
      sx={{
        borderRadius: 3,
        px: { xs: 3, md: 6 },
        py: { xs: 4, md: 7 },
        background: (theme) =>
          `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.28)} 0%, ${alpha(
            theme.palette.secondary.main,
            0.08,
          )} 60%, transparent 100%)`,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="overline" sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 2 }}>
        {t('home.eyebrow', { site })}
      </Typography>
      <Typography
        id="home-title"
        variant="h3"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '3rem' }, maxWidth: 760, mt: 1 }}
      >
        {user ? t('home.welcome_back', { name }) : t('home.headline')}
      </Typography>
      <Typography sx={{ mt: 2, maxWidth: 640, color: 'text.secondary', fontSize: { md: '1.125rem' } }}>
        {t('home.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
        {user ? (
          <Button component={RouterLink} to="/users/profile" variant="contained" size="large">
            {t('home.cta_profile')}
          </Button>
        ) : (
          <>
            <Button component={RouterLink} to="#sign-in" variant="contained" size="large">
              {t('home.cta_signup')}
            </Button>
            <Button component={RouterLink} to="/login" variant="outlined" size="large" color="inherit">
              {t('home.cta_login')}
            </Button>
          </>
        )}
      </Stack>
      {!user && (
        <Typography variant="caption" sx={{ display: 'block', mt: 2, color: 'text.secondary' }}>
          {t('home.adults_only')}
        </Typography>
      )}
    </Box>
  );
}
