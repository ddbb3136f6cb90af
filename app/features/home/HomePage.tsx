import Box from '@mui/material/Box';
import { useTitle } from '#app/shell/use-title.ts';
import { HomeFeatures } from './HomeFeatures.tsx';
import { HomeHero } from './HomeHero.tsx';
import { HomeSteps } from './HomeSteps.tsx';

/** The landing page until the show catalogue lands: what the site offers and how to start. */
export function HomePage() {
  useTitle('home.title');
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: { xs: 3, md: 5 } }}>
      <HomeHero />
      <HomeFeatures />
      <HomeSteps />
    </Box>
  );
}
