import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * What survives a reload (spec: persisted state): the incentive timestamp, and the timestamp of
 * the offer the visitor folded away (it stays folded while that offer runs).
 */
export const useIncentiveStore = create<{
  incentiveTsp: number | null;
  incentiveHidden: number | null;
  setIncentiveTsp: (v: number | null) => void;
  setIncentiveHidden: (v: number | null) => void;
}>()(
  persist(
    (set) => ({
      incentiveTsp: null,
      incentiveHidden: null,
      setIncentiveTsp: (incentiveTsp) => set({ incentiveTsp }),
      setIncentiveHidden: (incentiveHidden) => set({ incentiveHidden }),
    }),
    // The name it has always had in the visitor's storage: a new one would forget the running offer.
    { name: 'livecam.shell', storage: createJSONStorage(() => localStorage) },
  ),
);
