import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The address registered last: the sign-up success page shows it, and without it sends home. */
export const REGISTER_EMAIL_KEY = 'register_email';

export const readRegisterEmail = (): string | null => sessionStorage.getItem(REGISTER_EMAIL_KEY);
export const storeRegisterEmail = (email: string) => sessionStorage.setItem(REGISTER_EMAIL_KEY, email);
export const clearRegisterEmail = () => sessionStorage.removeItem(REGISTER_EMAIL_KEY);

/**
 * A Google sign-in with no account yet: the address Google named and the credential, kept for
 * the confirmation step of the sign-up page (this tab only).
 */
export const useGoogleSignupStore = create<{
  email: string | null;
  credential: string | null;
  start: (email: string, credential: string) => void;
  clear: () => void;
}>()(
  persist(
    (set) => ({
      email: null,
      credential: null,
      start: (email, credential) => set({ email, credential }),
      clear: () => set({ email: null, credential: null }),
    }),
    { name: 'livecam.google-signup', storage: createJSONStorage(() => sessionStorage) },
  ),
);
