import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { UserAnswer } from '#app/features/auth/api.ts';
import { sessionQuery, useSetUser } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';
import type { CancelAnswer } from '#common/api/accounts.ts';
import type { DataExportStatus } from '#common/api/data-export.ts';
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

/** Closes the account (decision 069): with her password, or a confirmation link is mailed to her. */
export const useCancelAccount = () =>
  useMutation({
    mutationFn: (body: { password?: string; confirmed: true }) => api<CancelAnswer>('POST', 'user/cancel', body),
  });

/** The mailed confirmation link of a member without a password. */
export const useConfirmCancel = () =>
  useMutation({ mutationFn: (token: string) => api<CancelAnswer>('POST', 'user/cancel/confirm', { token }) });

/** After a closing: the goodbye page with the erasure's date, and signed out here too. */
export function useClosedAccount() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const setUser = useSetUser();
  return async (erasesAt: string | null) => {
    const query = erasesAt ? `?until=${encodeURIComponent(erasesAt)}` : '';
    await navigate(`/users/cancel_success${query}`, { replace: true });
    setUser(null);
    void client.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => undefined);
  };
}

/** Where her latest data copy stands; with the mailed link's token, whether it still works. */
export const dataExportKey = (token: string | null) => ['data-export', token ?? ''] as const;
export const useDataExport = (token: string | null) =>
  useQuery({
    queryKey: dataExportKey(token),
    queryFn: () =>
      api<DataExportStatus>('GET', token ? `user/data-export?token=${encodeURIComponent(token)}` : 'user/data-export'),
    // While it is being prepared, look again now and then: the mail may have gone out.
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 15_000 : false),
  });

/** Asks for a copy (one a day; a second answers data_export_too_soon with next_at). */
export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<DataExportStatus>('POST', 'user/data-export', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['data-export'] }),
  });
}
