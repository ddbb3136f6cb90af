import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ChatSessionHost } from '#app/features/chat/ChatSessionHost.tsx';
import { ChatStartPanel } from '#app/features/chat/ChatStartPanel.tsx';
import { ExternalChatHost, isExternalShow } from '#app/features/chat/ExternalChatHost.tsx';
import { usePublicConfig } from '#app/features/session/api.ts';
import { ApiError } from '#app/http.ts';
import { usePageMeta } from '#app/platform/head.ts';
import { useRouteName } from '#app/platform/route-name.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { NotFoundPage } from '#app/ui/NotFoundPage.tsx';
import type { ShowDetail } from '#common/api/shows.ts';
import { previewUrl } from '#common/domain/previews.ts';
import { useRecordVisit, useShow } from './api.ts';
import { CallMeBox, FreeGalleryLink, WriteMessageButton } from './ShowActions.tsx';
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

function ShowContent({ show, base }: { show: ShowDetail; base: string }) {
  // A video or gallery opened below the show names the tab itself.
  const nested = /(videos-clip|galleries-pictures)$/.test(useRouteName() ?? '');
  useTitle('shows.page.title', { name: show.showName }, !nested);
  const hosts = usePublicConfig().image_hosts;
  const imageId = show.previews[0];
  usePageMeta({
    description: [show.texts.slogan, show.texts.description].filter(Boolean).join(' – '),
    image:
      imageId === undefined
        ? null
        : previewUrl(hosts, { contentproviderId: show.contentproviderId, showId: show.id, imageId, size: '320x240' }),
  });
  useRecordVisit(show.universalId);
  const external = isExternalShow(show);
  return (
    <>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, mb: 3 }}>
        <ShowCarousel show={show} />
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <ShowHeader show={show} />
          {external ? <ExternalChatHost show={show} /> : <ChatStartPanel show={show} />}
          <ShowPromo show={show} />
          <CallMeBox show={show} />
          <FreeGalleryLink show={show} />
          <WriteMessageButton show={show} />
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
      {!external && <ChatSessionHost key={show.universalId} show={show} />}
    </>
  );
}

/**
 * The show page (/chat/:showid/:slug? and the same under /shows): a missing or wrong slug is
 * replaced by the right one, an unknown show is the 404 page.
 */
export function ShowPage() {
  const { t } = useTranslation();
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
        <LoadState
          kind="error"
          text={t('shows.page.error')}
          retry={{ label: t('shows.list.retry'), onClick: () => void show.refetch() }}
        />
      </Box>
    );
  }
  return (
    <Box sx={{ px: { xs: 1, md: 2 }, py: 2 }}>
      {data ? <ShowContent show={data} base={showBasePath(pathname, showid, data.slugName)} /> : <ShowSkeleton />}
    </Box>
  );
}
