import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ShowGrid } from '#app/features/shows/ShowTile.tsx';
import { useNow } from '#app/platform/use-now.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { Promo } from '#common/api/shows.ts';
import { promoShowsQuery } from './api.ts';
import { timeLeft } from './countdown.ts';
import { ShowLinks } from './PromoHero.tsx';

/** A promo's discount, title and live countdown under its show's tile. */
function PromoFacts({ promo, now }: { promo: Promo; now: number }) {
  const { t } = useTranslation();
  const left = timeLeft(promo.stop * 1000 - now);
  return (
    <Box sx={{ mt: 0.75, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
      {promo.percent > 0 && (
        <Chip
          size="small"
          color="secondary"
          label={t('promos.discount', { percent: promo.percent })}
          sx={{ fontWeight: 700 }}
        />
      )}
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
        {promo.title}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ width: '100%' }}>
        {t('promos.ends_in')}{' '}
        <Box component="span" role="timer" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          {left.days > 0 ? t('promos.days_clock', { count: left.days, clock: left.clock }) : left.clock}
        </Box>
      </Typography>
    </Box>
  );
}

/**
 * The shows with a running promo, each with its discount and a countdown to the promo's stop. A
 * promo that stops leaves at once; the list is asked again then (promoShowsQuery).
 */
export function PromoShows({ label }: { label: string }) {
  const { t } = useTranslation();
  const list = useQuery(promoShowsQuery);
  const now = useNow(1000, Boolean(list.data?.promos.length));
  if (list.isError && !list.data)
    return (
      <LoadState
        kind="error"
        text={t('shows.list.error')}
        retry={{ label: t('shows.list.retry'), onClick: () => void list.refetch() }}
      />
    );
  if (!list.data) return <ShowGrid shows={[]} loading skeletons={6} label={label} />;
  // The promo of each show that stops first (the list comes ordered by stop).
  const promoOf = new Map<string, Promo>();
  for (const p of list.data.promos)
    if (p.stop * 1000 > now && !promoOf.has(p.universalId)) promoOf.set(p.universalId, p);
  const shows = list.data.data.filter((s) => promoOf.has(s.universalId));
  if (shows.length === 0) {
    return (
      <Box sx={{ py: 3 }}>
        <Typography>{t('promos.none_running')}</Typography>
        <ShowLinks />
      </Box>
    );
  }
  return (
    <ShowGrid
      shows={shows}
      label={label}
      headingLevel="h3"
      below={(show) => {
        const promo = promoOf.get(show.universalId);
        return promo ? <PromoFacts promo={promo} now={now} /> : null;
      }}
    />
  );
}
