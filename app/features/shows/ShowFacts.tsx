import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useHydrated } from '#app/platform/use-hydrated.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { chatPrices } from '#common/domain/prices.ts';

/** Prices per minute of a private and an exclusive chat (exclusive only when the show offers it). */
export function ShowPrices({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const prices = chatPrices(show);
  const row = (label: string, coins: number) => (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
        {t('shows.tile.coins_per_minute', { count: coins })}
      </Typography>
    </Box>
  );
  return (
    <Box component="section" aria-labelledby="show-prices">
      <Typography id="show-prices" component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('shows.page.prices')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {prices.private !== null && row(t('shows.page.price_private'), prices.private)}
        {prices.exclusive !== null && row(t('shows.page.price_exclusive'), prices.exclusive)}
      </Box>
      {prices.exclusiveOnly && (
        <Typography variant="caption" color="text.secondary">
          {t('shows.page.exclusive_only')}
        </Typography>
      )}
      {show.flags.free && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t('shows.page.free_chat')}
        </Typography>
      )}
    </Box>
  );
}

/** The running promo of the show, with its end. */
export function ShowPromo({ show }: { show: ShowDetail }) {
  const { t, i18n } = useTranslation();
  // The server writes the end in the site's time zone; the browser in its own once it has the page.
  const timeZone = useHydrated() ? undefined : 'Europe/Berlin';
  if (!show.promo || show.promo.stop * 1000 <= Date.now()) return null;
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(show.promo.stop * 1000),
  );
  return (
    <Alert severity="success" icon={<LocalOfferIcon />}>
      {t('shows.page.promo', { title: show.promo.title, percent: show.promo.percent, until })}
    </Alert>
  );
}

/** The show's tags, each leading to the shows search by that tag. */
export function ShowTags({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  if (show.tags.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('shows.page.tags')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0 }}
    >
      {show.tags.map((tag) => (
        <li key={tag.id}>
          <Chip
            component={RouterLink}
            to={`/search/shows?tags=${encodeURIComponent(tag.slug)}`}
            label={tag.name}
            size="small"
            clickable
          />
        </li>
      ))}
    </Box>
  );
}
