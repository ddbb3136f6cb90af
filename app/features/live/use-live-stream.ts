import { useEffect, useRef, useState } from 'react';
import { onShowUpdates } from '#app/features/shows/live-updates.ts';
import type { WatchAnswer } from '#common/api/live.ts';
import { answerSubscription, leaveSubscription, type WatchBody, watchShow } from './api.ts';
import { type LivePhase, LiveViewer } from './live-viewer.ts';

/** A playing stream whose picture has not moved for this long is connected again. */
const STALL_AFTER_MS = 4_000;

/**
 * The live stream of a show for the player: its phase, the media stream, and what it carries.
 * Connects on mount with the chat session's credentials (read again at every reconnect, so the
 * newest password counts), follows the show's announced state, and leaves on unmount.
 */
export function useLiveStream(universalId: string, credentials: () => WatchBody) {
  const credentialsRef = useRef(credentials);
  credentialsRef.current = credentials;
  const [phase, setPhase] = useState<LivePhase>('connecting');
  const [stream, setStream] = useState<{ media: MediaStream | null; kinds: WatchAnswer['kinds'] }>({
    media: null,
    kinds: [],
  });
  const [viewer, setViewer] = useState<LiveViewer | null>(null);

  useEffect(() => {
    const viewer = new LiveViewer(universalId, {
      watch: watchShow,
      credentials: () => credentialsRef.current(),
      answer: answerSubscription,
      leave: leaveSubscription,
      createPeer: (config) => new RTCPeerConnection(config),
      onPhase: setPhase,
      onStream: (media, kinds) => setStream({ media, kinds }),
    });
    setViewer(viewer);
    const unsubscribe = onShowUpdates((updates) => {
      const update = updates[universalId];
      if (update) viewer.showChanged(update);
    });
    viewer.start();
    return () => {
      unsubscribe();
      viewer.close();
    };
  }, [universalId]);

  return {
    phase,
    stream: stream.media,
    hasAudio: stream.kinds.includes('audio'),
    viewer,
    retry: () => viewer?.retryNow(),
  };
}

/**
 * Tells the viewer when the first frame is painted and when the picture stops moving while it
 * should play (frames stopped though the connection looks up: reconnect).
 */
export function useFrameWatch(video: HTMLVideoElement | null, viewer: LiveViewer | null, playing: boolean) {
  useEffect(() => {
    if (!video || !viewer) return;
    const painted = () => viewer.framePainted();
    video.addEventListener('playing', painted);
    video.addEventListener('loadeddata', painted);
    return () => {
      video.removeEventListener('playing', painted);
      video.removeEventListener('loadeddata', painted);
    };
  }, [video, viewer]);

  useEffect(() => {
    if (!video || !viewer || !playing) return;
    let last = video.currentTime;
    let since = performance.now();
    const timer = setInterval(() => {
      if (video.currentTime !== last) {
        last = video.currentTime;
        since = performance.now();
      } else if (performance.now() - since > STALL_AFTER_MS) {
        since = performance.now();
        viewer.stalled();
      }
    }, 1_000);
    return () => clearInterval(timer);
  }, [video, viewer, playing]);
}
