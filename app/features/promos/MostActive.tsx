import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShowGrid } from '#app/features/shows/ShowTile.tsx';
import { LoadState } from '#app/ui/LoadState.tsx';
import { MOST_ACTIVE_SHOWN, mostActiveQuery } from './api.ts';
import { PromoSection } from './PromoHero.tsx';

/** "Most active this week": the shows with the most paid chat of the last 7 days, online first. */
export function MostActive() {
  const { t } = useTranslation();
  const list = useQuery(mostActiveQuery);
  const title = t('promos.most_active.title');
  let body: ReactNode;
  if (list.isError && !list.data)
    body = (
      <LoadState
        kind="error"
        text={t('shows.list.error')}
        retry={{ label: t('shows.list.retry'), onClick: () => void list.refetch() }}
      />
    );
  else if (list.data && list.data.data.length === 0) body = <Typography>{t('promos.most_active.empty')}</Typography>;
  else
    body = (
      <ShowGrid
        shows={list.data?.data ?? []}
        loading={list.isPending}
        skeletons={Math.min(6, MOST_ACTIVE_SHOWN)}
        label={title}
      />
    );
  return (
    <PromoSection id="most-active-title" title={title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('promos.most_active.intro')}
      </Typography>
      {body}
    </PromoSection>
  );
}
