import { useMutation } from '@tanstack/react-query';
import type { UserAnswer } from '#app/features/auth/api.ts';
import { useSetUser } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';
import type { Locale, ThemeName } from '#common/constants.ts';

type Ok = { ok: true };

export type UserUpdate = {
  name?: string;
  locale?: Locale;
  theme?: ThemeName;
  show_history?: boolean;
  message_mail?: boolean;
  favorite_mail?: boolean;
  current_password?: string;
  new_password?: string;
};

/** PUT /user/update: settings, and the password with the current one. */
export function useUpdateUser() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (body: UserUpdate) => api<UserAnswer>('PUT', 'user/update', body),
    onSuccess: ({ user }) => setUser(user),
  });
}

export function useUpdateNewsletter() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (newsletter: boolean) => api<UserAnswer>('PUT', 'user/update_newsletter', { newsletter }),
    onSuccess: ({ user }) => setUser(user),
  });
}

/** A new address: the server mails a confirmation link to it; the old one stays until then. */
export const useResetEmail = () =>
  useMutation({ mutationFn: (body: { email: string; password: string }) => api<Ok>('POST', 'user/reset_email', body) });

/** The confirmation link of a new address. */
export const useEmailValidate = () =>
  useMutation({ mutationFn: (token: string) => api<UserAnswer>('POST', 'user/email_validate', { token }) });

export const useCancelAccount = () =>
  useMutation({ mutationFn: (body: { password?: string; reason?: string }) => api<Ok>('POST', 'user/cancel', body) });
