import PlaceIcon from '@mui/icons-material/Place';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FavoriteToggle } from '#app/features/favorites/FavoriteToggle.tsx';
import type { ShowDetail } from '#common/api/shows.ts';
import { languageNames, locationText } from './format.ts';
import { SrText } from './SrText.tsx';

const factSx = { display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' } as const;

/** Name, age, online state, the favorite heart, slogan, languages, location and rating. */
export function ShowHeader({ show }: { show: ShowDetail }) {
  const { t, i18n } = useTranslation();
  const location = locationText(show, i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {show.showName}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          <SrText shown={show.age} spoken={t('shows.age', { age: show.age })} />
        </Typography>
        <Box sx={{ flex: 1 }} />
        <FavoriteToggle show={show} />
      </Box>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box
          aria-hidden
          sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: show.online ? 'success.main' : 'grey.500' }}
        />
        <Typography sx={{ fontWeight: 700 }}>
          {t(show.online ? 'shows.page.online_now' : 'shows.page.offline_now', { name: show.showName })}
        </Typography>
      </Box>
      {show.texts.slogan && (
        <Typography variant="subtitle1" sx={{ fontStyle: 'italic' }}>
          {show.texts.slogan}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {show.languages.length > 0 && (
          <Typography variant="body2" sx={factSx}>
            {t('shows.tile.languages', { languages: languageNames(show.languages, i18n.language).join(', ') })}
          </Typography>
        )}
        {location && (
          <Typography variant="body2" sx={factSx}>
            <PlaceIcon fontSize="small" aria-hidden />
            {location}
          </Typography>
        )}
        <Typography variant="body2" sx={factSx}>
          <StarIcon fontSize="small" sx={{ color: 'secondary.main' }} aria-hidden />
          {show.ratingCount > 0
            ? t('shows.tile.rating', { percent: show.rating, count: show.ratingCount })
            : t('shows.tile.not_rated')}
        </Typography>
      </Box>
    </Box>
  );
}
