import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type PlayerSettings = { volume: number; muted: boolean; playbackRate: number };

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const DEFAULTS: PlayerSettings = { volume: 1, muted: false, playbackRate: 1 };

const clampVolume = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1);
const validRate = (r: number) => ((PLAYBACK_RATES as readonly number[]).includes(r) ? r : 1);

/** The video player's settings survive a reload (spec: persisted state "video player"). */
export const usePlayerStore = create<PlayerSettings & { save: (s: Partial<PlayerSettings>) => void }>()(
  persist(
    (set) => ({
      ...DEFAULTS,
      save: (s) =>
        set((old) => ({
          volume: s.volume === undefined ? old.volume : clampVolume(s.volume),
          muted: s.muted ?? old.muted,
          playbackRate: s.playbackRate === undefined ? old.playbackRate : validRate(s.playbackRate),
        })),
    }),
    {
      name: 'livecam.video-player',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ volume, muted, playbackRate }) => ({ volume, muted, playbackRate }),
      merge: (saved, current) => {
        const s = (saved ?? {}) as Partial<PlayerSettings>;
        return {
          ...current,
          volume: clampVolume(Number(s.volume ?? DEFAULTS.volume)),
          muted: s.muted === true,
          playbackRate: validRate(Number(s.playbackRate ?? DEFAULTS.playbackRate)),
        };
      },
    },
  ),
);
