import MovieIcon from '@mui/icons-material/Movie';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCoupons } from '#app/features/coupons/api.ts';
import { useSessionState } from '#app/features/session/api.ts';
import { VideoGrid } from '#app/features/videos/VideoTile.tsx';
import { useNow } from '#app/platform/use-now.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { isValid } from '#common/domain/coupons.ts';
import { incentiveWindowOpen } from '#common/domain/welcome-gift.ts';
import { useIncentive } from './api.ts';
import { FeaturedVideo } from './FeaturedVideo.tsx';
import { freeVideosQuery } from './free-videos.ts';
import { formatCountdown, incentiveRemainingMs } from './incentive.ts';
import { PromoHero, PromoPage, PromoSection, SignupCta } from './PromoHero.tsx';

/**
 * A visitor's welcome offer: the video the sign-up incentive holds for this visit (the shell's
 * incentive call answers it; this page only reads that answer), while its window is open.
 */
function VisitorOffer() {
  const { t } = useTranslation();
  const answer = useIncentive(null).data;
  const now = useNow(1000, Boolean(answer?.video_id));
  const tsp = answer?.incentive_tsp ?? null;
  if (!answer?.video_id || !incentiveWindowOpen(tsp, now)) {
    return <Typography>{t('promos.freevideo.visitor_no_offer')}</Typography>;
  }
  const left = incentiveRemainingMs(tsp ?? 0, now);
  return (
    <FeaturedVideo videoId={answer.video_id}>
      <Typography variant="body2">
        {left > 0 ? (
          <>
            {t('promos.freevideo.ends_in')}{' '}
            <Box component="span" role="timer" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
              {formatCountdown(left)}
            </Box>
          </>
        ) : (
          t('promos.freevideo.last_minute')
        )}
      </Typography>
    </FeaturedVideo>
  );
}

/** A member's side: VIDEO vouchers held (a prize or the welcome gift) and the way to use them. */
function MemberVouchers({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  const coupons = useCoupons(verified);
  const welcomeVideo = useSessionState().session.welcome_dialog?.video ?? null;
  const vouchers = (coupons.data?.data ?? []).filter((c) => c.type === 'VIDEO' && isValid(c)).length;
  return (
    <>
      {vouchers > 0 ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('promos.freevideo.vouchers', { count: vouchers })}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button component={RouterLink} to="/videos" variant="contained" size="small">
              {t('promos.freevideo.choose_video')}
            </Button>
            <Button component={RouterLink} to="/users/profile/coupons" size="small">
              {t('promos.freevideo.my_coupons')}
            </Button>
          </Box>
        </Alert>
      ) : (
        coupons.data && <Typography sx={{ mb: 2 }}>{t('promos.freevideo.no_vouchers')}</Typography>
      )}
      {welcomeVideo !== null && <FeaturedVideo videoId={welcomeVideo} />}
    </>
  );
}

function FreeVideos() {
  const { t } = useTranslation();
  const list = useQuery(freeVideosQuery);
  if (list.isError && !list.data)
    return (
      <LoadState
        kind="error"
        text={t('shows.list.error')}
        retry={{ label: t('shows.list.retry'), onClick: () => void list.refetch() }}
      />
    );
  if (list.data && list.data.length === 0) return <Typography>{t('promos.freevideo.no_free_videos')}</Typography>;
  return <VideoGrid videos={list.data ?? []} loading={list.isPending} />;
}

/**
 * /freevideo: how a new member gets a video free today (the sign-up incentive: vouchers for its
 * video, common/domain/welcome-gift.ts), the offered video, a member's VIDEO vouchers, and the
 * catalogue's free videos.
 */
export function FreeVideoPage() {
  const { t } = useTranslation();
  useTitle('promos.freevideo.title');
  const { user } = useSessionState();
  return (
    <PromoPage>
      <PromoHero icon={<MovieIcon />} title={t('promos.freevideo.heading')}>
        <Typography sx={{ mb: 1 }}>{t('promos.freevideo.intro')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('promos.freevideo.how')}
        </Typography>
        <SignupCta text={t('promos.freevideo.signup_why')} />
      </PromoHero>
      <PromoSection id="welcome-offer-title" title={t(user ? 'promos.freevideo.yours' : 'promos.freevideo.offer')}>
        {user ? <MemberVouchers verified={user.is_verified} /> : <VisitorOffer />}
      </PromoSection>
      <PromoSection id="free-videos-title" title={t('promos.freevideo.free_videos')}>
        <FreeVideos />
      </PromoSection>
    </PromoPage>
  );
}
