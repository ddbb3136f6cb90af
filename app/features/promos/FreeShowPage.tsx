import ForumIcon from '@mui/icons-material/Forum';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePublicConfig, useUser } from '#app/features/session/api.ts';
import { ShowGrid } from '#app/features/shows/ShowTile.tsx';
import { useTitle } from '#app/platform/use-title.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { freeShowsQuery } from './api.ts';
import { PromoHero, PromoPage, PromoSection, ShowLinks, SignupCta } from './PromoHero.tsx';

/** The shows online now with free chat, or a friendly empty state. */
function FreeShows({ label }: { label: string }) {
  const { t } = useTranslation();
  const list = useQuery(freeShowsQuery);
  if (list.isError && !list.data)
    return (
      <LoadState
        kind="error"
        text={t('shows.list.error')}
        retry={{ label: t('shows.list.retry'), onClick: () => void list.refetch() }}
      />
    );
  if (list.data && list.data.length === 0) {
    return (
      <Box sx={{ py: 3 }}>
        <Typography>{t('promos.freeshow.empty')}</Typography>
        <ShowLinks />
      </Box>
    );
  }
  return <ShowGrid shows={list.data ?? []} loading={list.isPending} skeletons={6} label={label} />;
}

/**
 * /freeshow: what a free chat is (guests as `guest` for CHAT_FREE_GUEST_SECONDS a day, members
 * under their nickname) and the shows that offer one now.
 */
export function FreeShowPage() {
  const { t } = useTranslation();
  useTitle('promos.freeshow.title');
  const member = Boolean(useUser());
  const minutes = Math.max(1, Math.round(usePublicConfig().chat.free_guest_seconds / 60));
  const label = t('promos.freeshow.online');
  return (
    <PromoPage>
      <PromoHero icon={<ForumIcon />} title={t('promos.freeshow.heading')}>
        <Typography sx={{ mb: 1 }}>{t('promos.freeshow.intro')}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
          <Typography component="li">{t('promos.freeshow.guest', { count: minutes })}</Typography>
          <Typography component="li">{t('promos.freeshow.member')}</Typography>
          <Typography component="li">{t('promos.freeshow.private')}</Typography>
        </Box>
        {!member && <SignupCta text={t('promos.freeshow.signup_why')} />}
      </PromoHero>
      <PromoSection id="free-shows-title" title={label}>
        <FreeShows label={label} />
      </PromoSection>
    </PromoPage>
  );
}
