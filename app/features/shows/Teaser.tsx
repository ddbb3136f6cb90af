import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTeaser } from './api.ts';
import { ShowGrid } from './ShowTile.tsx';

const TEASER_COLUMNS = { xs: 2, md: 4 } as const;

/** The index's highlighted row: the first 4 of 5 shows asked (spec part 2 "Teaser"). */
export function Teaser() {
  const { t } = useTranslation();
  const teaser = useTeaser();
  if (teaser.isError || (teaser.data && teaser.data.length === 0)) return null;
  return (
    <Box
      component="section"
      aria-labelledby="teaser-title"
      sx={{ mb: 3, p: { xs: 1, md: 2 }, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <Typography id="teaser-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('shows.teaser.title')}
      </Typography>
      <ShowGrid
        shows={teaser.data ?? []}
        loading={teaser.isPending}
        skeletons={4}
        columns={TEASER_COLUMNS}
        label={t('shows.teaser.title')}
        priority
      />
    </Box>
  );
}
