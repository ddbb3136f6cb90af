import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The catalogue's persisted client state (spec: "category expand" is persisted): whether the
 * category bar is expanded, and whether show lists scroll endlessly instead of by page.
 */
export const useCatalogueStore = create<{
  categoriesExpanded: boolean;
  infiniteScroll: boolean;
  setCategoriesExpanded: (v: boolean) => void;
  setInfiniteScroll: (v: boolean) => void;
}>()(
  persist(
    (set) => ({
      categoriesExpanded: false,
      infiniteScroll: false,
      setCategoriesExpanded: (categoriesExpanded) => set({ categoriesExpanded }),
      setInfiniteScroll: (infiniteScroll) => set({ infiniteScroll }),
    }),
    { name: 'livecam.catalogue', storage: createJSONStorage(() => localStorage) },
  ),
);
