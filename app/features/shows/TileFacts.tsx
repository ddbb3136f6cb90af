import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import PlaceIcon from '@mui/icons-material/Place';
import StarIcon from '@mui/icons-material/Star';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ShowTile } from '#common/api/shows.ts';
import { languageNames, locationText } from './format.ts';
import { SrText } from './SrText.tsx';

const row = { display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 } as const;
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The facts under a tile's picture: languages, coins, location, rating and feature icons. */
export function TileFacts({ show }: { show: ShowTile }) {
  const { t, i18n } = useTranslation();
  const languages = languageNames(show.languages, i18n.language);
  const location = locationText(show, i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, color: 'text.secondary' }}>
      <Box sx={{ ...row, justifyContent: 'space-between' }}>
        <Typography variant="caption" sx={{ ...ellipsis, fontWeight: 600, letterSpacing: 0.5 }}>
          <SrText
            shown={show.languages.map((l) => l.toUpperCase()).join(' · ')}
            spoken={t('shows.tile.languages', { languages: languages.join(', ') })}
          />
        </Typography>
        <Typography variant="caption" sx={{ color: 'secondary.main', fontWeight: 700, whiteSpace: 'nowrap' }}>
          {t('shows.tile.coins_per_minute', { count: show.pricePerMinute })}
        </Typography>
      </Box>
      {location && (
        <Box sx={row}>
          <PlaceIcon sx={{ fontSize: 14 }} aria-hidden />
          <Typography variant="caption" sx={ellipsis}>
            {location}
          </Typography>
        </Box>
      )}
      <Box sx={{ ...row, justifyContent: 'space-between' }}>
        {show.ratingCount > 0 ? (
          <Box
            sx={row}
            role="img"
            aria-label={t('shows.tile.rating', { percent: show.rating, count: show.ratingCount })}
          >
            <StarIcon sx={{ fontSize: 16, color: 'secondary.main' }} aria-hidden />
            <Typography variant="caption" aria-hidden>
              {show.rating}%
            </Typography>
          </Box>
        ) : (
          <Typography variant="caption">{t('shows.tile.not_rated')}</Typography>
        )}
        <Box sx={{ ...row, gap: 0.5 }}>
          {show.features.sound && <VolumeUpIcon sx={{ fontSize: 18 }} titleAccess={t('shows.features.sound')} />}
          {show.features.phoneChat && (
            <PhoneInTalkIcon sx={{ fontSize: 18 }} titleAccess={t('shows.features.phone_chat')} />
          )}
          {show.flags.free && (
            <ChatBubbleOutlineIcon sx={{ fontSize: 18 }} titleAccess={t('shows.features.free_chat')} />
          )}
        </Box>
      </Box>
    </Box>
  );
}
