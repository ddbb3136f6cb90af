import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ContentPage, Intro, PageLoading, PageTitle } from '#app/features/content/ContentLayout.tsx';
import { useUser } from '#app/features/session/api.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { gameQuery } from './api.ts';
import { MemberSpin } from './MemberSpin.tsx';
import { PrizeTable } from './PrizeTable.tsx';
import { RecentSpins } from './RecentSpins.tsx';
import { SlotMachine } from './SlotMachine.tsx';

/**
 * /game: the daily slot game. Everybody sees the machine and the prize table; a member spins once
 * a day (the server draws the result), a visitor is invited to sign up. Unverified members never
 * get here: the route guard sends them to /verify.
 */
export function GamePage() {
  const { t } = useTranslation();
  const user = useUser();
  const status = useQuery(gameQuery(user?.id ?? null));
  return (
    <ContentPage>
      <PageTitle>{t('game.title')}</PageTitle>
      <Intro>{t('game.intro')}</Intro>
      {status.isPending && <PageLoading />}
      {status.isError && (
        <LoadState
          kind="error"
          text={t('game.load_error')}
          retry={{ label: t('game.retry'), onClick: () => void status.refetch() }}
        />
      )}
      {status.data && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'flex-start' }}>
          <Stack spacing={3} sx={{ width: '100%', maxWidth: { md: 480 } }}>
            {user && status.data.member ? <MemberSpin userId={user.id} member={status.data.member} /> : <VisitorSpin />}
            {status.data.member && <RecentSpins results={status.data.member.results} />}
          </Stack>
          <Box sx={{ width: '100%', maxWidth: { md: 520 } }}>
            <PrizeTable status={status.data} />
          </Box>
        </Stack>
      )}
    </ContentPage>
  );
}

/** A visitor sees the machine at rest; the spin button opens the sign-up dialog. */
function VisitorSpin() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <SlotMachine reels={['seven', 'seven', 'seven']} stopped={3} />
      <Typography>{t('game.visitor_text')}</Typography>
      <Button component={RouterLink} to="#sign-in" variant="contained" color="secondary" size="large">
        {t('game.signup_to_spin')}
      </Button>
    </Stack>
  );
}
