import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { addToHistory, removeFromHistory } from '#common/domain/search-history.ts';

/** The quick search's history, kept across visits (spec: at most 12, newest first). */
export const useSearchHistory = create<{
  terms: string[];
  add: (term: string) => void;
  remove: (term: string) => void;
  clear: () => void;
}>()(
  persist(
    (set) => ({
      terms: [],
      add: (term) => set((s) => ({ terms: addToHistory(s.terms, term) })),
      remove: (term) => set((s) => ({ terms: removeFromHistory(s.terms, term) })),
      clear: () => set({ terms: [] }),
    }),
    {
      name: 'livecam.search-history',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ terms: s.terms }),
    },
  ),
);
