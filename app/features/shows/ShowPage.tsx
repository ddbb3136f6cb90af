import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '#app/http.ts';
import { NotFoundPage } from '#app/shell/NotFoundPage.tsx';
import { useRouteName } from '#app/shell/route-name.ts';
import { useTitle } from '#app/shell/use-title.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { useRecordVisit, useShow } from './api.ts';
import { ListError } from './ListStates.tsx';
import { CallMeBox, FreeGalleryLink } from './ShowActions.tsx';
import { ShowCarousel } from './ShowCarousel.tsx';
import { ShowPrices, ShowPromo, ShowTags } from './ShowFacts.tsx';
import { ShowHeader } from './ShowHeader.tsx';
import { ShowTabs } from './ShowTabs.tsx';
import { useScrollMemory } from './scroll-memory.ts';
import { canonicalShowPath, showBasePath } from './show-path.ts';

function ShowSkeleton() {
  return (
    <Box aria-busy role="status" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' } }}>
      <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <Box>
        <Skeleton width="60%" height={48} />
        <Skeleton width="40%" />
        <Skeleton width="80%" />
        <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
      </Box>
    </Box>
  );
}

/** The overlay's code (the player, WebRTC) loads when a visitor opens it. */
const ChatOverlay = lazy(() => import('#app/features/live/ChatOverlay.tsx').then((m) => ({ default: m.ChatOverlay })));

/** The location hash while the chat overlay is open (spec part 2 section 2). */
export const ENTER_CHAT_HASH = '#enter_chat';

/** Opens the live show: online shows only; the overlay itself follows her going offline. */
function WatchButton({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  if (!show.online) return null;
  return (
    <Button
      variant="contained"
      size="large"
      startIcon={<PlayArrowIcon />}
      onClick={() => void navigate({ search, hash: ENTER_CHAT_HASH })}
      sx={{ justifySelf: 'start' }}
    >
      {show.flags.free ? t('live.watch_free') : t('live.watch')}
    </Button>
  );
}

function LiveOverlay({ show }: { show: ShowDetail }) {
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  if (hash !== ENTER_CHAT_HASH) return null;
  const close = () => void navigate({ search, hash: '' }, { replace: true });
  return (
    <Suspense fallback={null}>
      <ChatOverlay show={show} onClose={close} />
    </Suspense>
  );
}

function ShowContent({ show, base }: { show: ShowDetail; base: string }) {
  // A video or gallery opened below the show names the tab itself.
  const nested = /(videos-clip|galleries-pictures)$/.test(useRouteName() ?? '');
  useTitle('shows.page.title', { name: show.showName }, !nested);
  useRecordVisit(show.universalId);
  return (
    <>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, mb: 3 }}>
        <ShowCarousel show={show} />
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <ShowHeader show={show} />
          <WatchButton show={show} />
          <ShowPromo show={show} />
          <CallMeBox show={show} />
          <FreeGalleryLink show={show} />
          <ShowPrices show={show} />
        </Box>
      </Box>
      {show.texts.description && (
        <Typography sx={{ mb: 2, whiteSpace: 'pre-line', maxWidth: '75ch' }}>{show.texts.description}</Typography>
      )}
      <Box sx={{ mb: 3 }}>
        <ShowTags show={show} />
      </Box>
      <ShowTabs show={show} base={base} />
      <Outlet />
      <LiveOverlay show={show} />
    </>
  );
}

/**
 * The show page (/chat/:showid/:slug? and the same under /shows): a missing or wrong slug is
 * replaced by the right one, an unknown show is the 404 page.
 */
export function ShowPage() {
  const { showid = '', slug } = useParams();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const show = useShow(showid);
  const data = show.data;
  const canonical = data ? canonicalShowPath(pathname, showid, slug !== undefined, data.slugName) : pathname;

  useEffect(() => {
    if (canonical !== pathname) void navigate(`${canonical}${search}${hash}`, { replace: true });
  }, [canonical, pathname, search, hash, navigate]);
  useScrollMemory(Boolean(data), data ? showBasePath(pathname, showid, data.slugName) : undefined);

  if (show.isError && !data) {
    const status = show.error instanceof ApiError ? show.error.status : 0;
    if (status === 404 || status === 422) return <NotFoundPage />;
    return (
      <Box sx={{ p: 2 }}>
        <ListError message="shows.page.error" onRetry={() => void show.refetch()} />
      </Box>
    );
  }
  return (
    <Box sx={{ px: { xs: 1, md: 2 }, py: 2 }}>
      {data ? <ShowContent show={data} base={showBasePath(pathname, showid, data.slugName)} /> : <ShowSkeleton />}
    </Box>
  );
}
