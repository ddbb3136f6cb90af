import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StudioLiveState } from '#common/api/live.ts';
import { LIVE_STUDIO_POLL_MS } from '#common/constants.ts';
import { PERFORMER_META, studioMeQuery } from './api.ts';
import { Broadcast, studioLive } from './broadcast.ts';
import { useCamera } from './use-camera.ts';

/** Set while she is on air: a reload of the studio puts her back on air by itself. */
const ON_AIR_MARK = 'studio.onAir';

export type StudioIntent = 'off' | 'starting' | 'live' | 'stopping';
export type StudioProblem = 'publish_failed' | 'camera_lost' | 'taken_off' | null;

/** Her live state's query (polled here; the private chat's end writes it too). */
export const liveStateKey = ['studio', 'live'] as const;

/**
 * Her broadcast from the studio: the camera, the connection to the server, and the server's view
 * of it, polled every LIVE_STUDIO_POLL_MS (each poll tells the server she is still there, also
 * from a background tab).
 */
export function useStudioBroadcast() {
  const client = useQueryClient();
  const [intent, setIntent] = useState<StudioIntent>('off');
  const [problem, setProblem] = useState<StudioProblem>(null);
  const intentRef = useRef(intent);
  intentRef.current = intent;
  const broadcastRef = useRef<Broadcast | null>(null);

  const state = useQuery({
    queryKey: liveStateKey,
    queryFn: ({ signal }) => studioLive.state(signal),
    refetchInterval: LIVE_STUDIO_POLL_MS,
    refetchIntervalInBackground: true,
    meta: PERFORMER_META,
  });
  const setState = useCallback((next: StudioLiveState) => client.setQueryData(liveStateKey, next), [client]);
  const refreshMe = useCallback(() => client.invalidateQueries({ queryKey: studioMeQuery.queryKey }), [client]);

  const stopLocally = useCallback(() => {
    broadcastRef.current?.close();
    broadcastRef.current = null;
    sessionStorage.removeItem(ON_AIR_MARK);
  }, []);

  const goOffline = useCallback(
    async (why: StudioProblem = null) => {
      setIntent('stopping');
      stopLocally();
      try {
        setState(await studioLive.stop());
      } finally {
        setIntent('off');
        setProblem(why);
        void refreshMe();
      }
    },
    [stopLocally, setState, refreshMe],
  );

  const camera = useCamera(() => {
    if (intentRef.current === 'live') void goOffline('camera_lost');
  });

  const goLive = useCallback(async () => {
    setProblem(null);
    setIntent('starting');
    const stream = camera.stream ?? (await camera.open());
    if (!stream) {
      setIntent('off');
      return;
    }
    for (const track of stream.getTracks()) track.enabled = true;
    const broadcast = new Broadcast({
      publish: studioLive.publish,
      createPeer: (config) => new RTCPeerConnection(config),
      // Her connection broke while she meant to be on air: publish again.
      onLost: () => {
        if (intentRef.current === 'live' && broadcastRef.current === broadcast) void goLiveRef.current?.();
      },
    });
    broadcastRef.current?.close();
    broadcastRef.current = broadcast;
    try {
      await broadcast.start(stream);
      sessionStorage.setItem(ON_AIR_MARK, '1');
      // The server's view first, then the intent (one render): never "live" beside an old "off".
      const now = await studioLive.state();
      setState(now);
      setIntent('live');
      void refreshMe();
    } catch {
      broadcast.close();
      if (broadcastRef.current === broadcast) broadcastRef.current = null;
      setIntent('off');
      setProblem('publish_failed');
    }
  }, [camera, setState, refreshMe]);
  const goLiveRef = useRef(goLive);
  goLiveRef.current = goLive;

  const pause = useCallback(
    async (paused: boolean) => {
      // Her picture and sound stop at the source too, not only at the server.
      for (const track of camera.stream?.getTracks() ?? []) track.enabled = !paused;
      setState(await studioLive.pause(paused));
    },
    [camera.stream, setState],
  );

  /** Another camera or microphone: on air, the new track replaces the old one without a break. */
  const switchDevice = useCallback(
    async (ids: { camera?: string; microphone?: string }) => {
      const stream = await camera.open(ids);
      const broadcast = broadcastRef.current;
      if (!stream || !broadcast) return;
      for (const track of stream.getTracks()) await broadcast.replace(track);
    },
    [camera],
  );

  // The server took her off air (gone silent, an operator, the show switched off elsewhere), or
  // the media server carrying her stream went away: then she publishes again, to another.
  const serverLive = state.data?.live;
  const republish = state.data?.republish === true;
  useEffect(() => {
    if (intent !== 'live' || broadcastRef.current?.connectionState === 'connecting') return;
    if (republish) {
      void goLiveRef.current();
      return;
    }
    if (serverLive === false) {
      stopLocally();
      setIntent('off');
      setProblem('taken_off');
      void refreshMe();
    }
  }, [intent, serverLive, republish, stopLocally, refreshMe]);

  // A reload while on air resumes the broadcast; else the camera opens for the preview. Once, on arrival.
  const openCamera = useRef(camera.open);
  useEffect(() => {
    if (sessionStorage.getItem(ON_AIR_MARK)) void goLiveRef.current();
    else void openCamera.current();
  }, []);
  useEffect(() => () => broadcastRef.current?.close(), []);

  return { camera, state: state.data, intent, problem, goLive, goOffline, pause, switchDevice };
}
