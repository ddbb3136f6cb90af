import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { ShowGalleriesSection } from '#app/features/galleries/ShowGalleriesSection.tsx';
import { ShowVideosSection } from '#app/features/videos/ShowVideosSection.tsx';

const useShowId = () => useParams().showid ?? '';

/** The show page's overview: her videos, then her galleries. */
export function ShowOverviewTab() {
  const id = useShowId();
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <ShowVideosSection universalId={id} />
      <ShowGalleriesSection universalId={id} />
    </Box>
  );
}

/** /chat/:showid/:slug/videos */
export function ShowVideosTab() {
  return <ShowVideosSection universalId={useShowId()} />;
}

/** /chat/:showid/:slug/galleries */
export function ShowGalleriesTab() {
  return <ShowGalleriesSection universalId={useShowId()} />;
}
