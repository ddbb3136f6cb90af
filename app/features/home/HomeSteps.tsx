import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STEPS = ['signup', 'coins', 'enjoy'] as const;

/** How it works, in three steps. */
export function HomeSteps() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="home-steps" sx={{ mt: { xs: 4, md: 6 } }}>
      <Typography id="home-steps" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('home.steps.title')}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {STEPS.map((s, i) => (
          <Box component="li" key={s} sx={{ display: 'flex', gap: 2 }}>
            <Box
              aria-hidden
              sx={{
                flex: '0 0 40px',
                height: 40,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 800,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              {i + 1}
            </Box>
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {t(`home.steps.${s}.title`)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`home.steps.${s}.body`)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
