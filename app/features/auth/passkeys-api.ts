import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '#app/http.ts';
import type { User } from '#common/api/auth.ts';
import type { Passkey } from '#common/api/passkeys.ts';

/* Passkeys (decision 066): her list in the settings, adding, renaming, deleting, and the sign-in. */

const KEY = ['passkeys'] as const;
type Options<T> = { options: T };

export const usePasskeys = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<{ data: Passkey[] }>('GET', 'passkeys', undefined, { signal }),
  });

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
};

/** Options from the server, the browser's prompt, the answer back. */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await api<Options<PublicKeyCredentialCreationOptionsJSON>>('POST', 'passkeys/options');
      const credential = await startRegistration({ optionsJSON: options });
      return api<{ passkey: Passkey }>('POST', 'passkeys', { name, credential });
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api<{ passkey: Passkey }>('PATCH', `passkeys/${id}`, { name }),
    onSuccess: refresh,
  });
}

/** Deletes with her password, or (without one) with a fresh answer of one of her passkeys. */
export function useDeletePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string | null }) => {
      if (password !== null) return api<{ ok: true }>('DELETE', `passkeys/${id}`, { password });
      const { options } = await api<Options<PublicKeyCredentialRequestOptionsJSON>>('POST', 'passkeys/confirm/options');
      const credential = await startAuthentication({ optionsJSON: options });
      return api<{ ok: true }>('DELETE', `passkeys/${id}`, { credential });
    },
    onSuccess: refresh,
  });
}

/** Sign-in with a passkey the browser holds for this site (no name asked). */
export const usePasskeySignIn = () =>
  useMutation({
    mutationFn: async () => {
      const { options } = await api<Options<PublicKeyCredentialRequestOptionsJSON>>('POST', 'auth/passkey/options');
      const credential = await startAuthentication({ optionsJSON: options });
      return api<{ user: User }>('POST', 'auth/passkey', { credential });
    },
  });

/** What the member is told about a failed passkey step, in words (an i18n key). */
export function passkeyErrorKey(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return 'errors.throttle';
    if (err.body?.message === 'passkey_unavailable') return 'passkeys.errors.unavailable';
    if (err.body?.message === 'user_blocked') return 'errors.user_blocked';
    const field = err.fieldErrors();
    const key = field.credential ?? field.password;
    if (key) return key;
    return err.status === 401 ? 'passkeys.errors.refused' : 'passkeys.errors.failed';
  }
  const name = err instanceof WebAuthnError ? (err.cause as Error | undefined)?.name : (err as Error | undefined)?.name;
  if (err instanceof WebAuthnError && err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'passkeys.errors.exists';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'passkeys.errors.cancelled';
  if (name === 'NotSupportedError' || (err as Error | undefined)?.message?.includes('does not support WebAuthn'))
    return 'passkeys.errors.unsupported';
  if (name === 'SecurityError') return 'passkeys.errors.unavailable';
  return 'passkeys.errors.failed';
}
