import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The member's messages pop-up option (spec part 1 "Messages pop-up", persisted state "message
 * popup"): on by default, switched in the pop-up itself and in the profile settings.
 */
export const useMessagePopupOption = create<{ enabled: boolean; setEnabled: (enabled: boolean) => void }>()(
  persist(
    (set) => ({
      enabled: true,
      setEnabled: (enabled) => set({ enabled }),
    }),
    {
      name: 'livecam.message-popup',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ enabled: s.enabled }),
    },
  ),
);

/**
 * Whether the pop-up is asked for: a new message arrived (`user:message`). It shows only while the
 * option is on and unread conversations exist; closing it forgets the request.
 */
export const useMessagePopup = create<{ requested: boolean; request: () => void; dismiss: () => void }>()((set) => ({
  requested: false,
  request: () => set({ requested: true }),
  dismiss: () => set({ requested: false }),
}));
