import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { videoListQuery } from './api.ts';
import { ShowMediaSection } from './ShowMediaSection.tsx';
import { useShowPageLink } from './show-links.ts';
import { VideoGrid } from './VideoTile.tsx';

/** The show page's videos: newest first, paged in place, with a link to the full list. */
export function ShowVideosSection({ universalId }: { universalId: string }) {
  const [page, setPage] = useState(1);
  const inShow = useShowPageLink('videos');
  const list = useQuery(videoListQuery({ page, sort: 'new', showid: universalId }));
  return (
    <ShowMediaSection
      kind="videos"
      universalId={universalId}
      list={list}
      onPage={setPage}
      grid={(videos, loading) => <VideoGrid videos={videos} loading={loading} linkTo={inShow} />}
    />
  );
}
