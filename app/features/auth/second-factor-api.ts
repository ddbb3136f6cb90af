import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '#app/http.ts';
import { notify } from '#app/ui/snackbar.ts';
import type { User } from '#common/api/auth.ts';
import type { SecondFactorChallenge, SecondFactorState } from '#common/api/second-factor.ts';

/* The second factor (decision 071): the sign-in's second step, and the settings' app and codes. */

/** Recovery codes left at which the member is urged to make new ones. */
export const LOW_RECOVERY_CODES = 3;

/** What a sign-in (password, mailed link, Google) answers: signed in, or the second step asked for. */
export type SignInAnswer = { user: User; reopened?: boolean };
export type Challenge = SecondFactorChallenge['second_factor'];
export type SignInOrChallenge = SignInAnswer | SecondFactorChallenge;

/** The second step done: the session started, maybe with recovery codes counted. */
export type SecondFactorDone = SignInAnswer & { recovery_codes_left?: number };

/** What every sign-in tells after it: a reopened account, and recovery codes running out. */
export function tellSignedIn(answer: SecondFactorDone) {
  if (answer.reopened) notify('users.cancel.reopened', 'success', { timeout: 10_000 });
  const left = answer.recovery_codes_left;
  if (left === undefined) return;
  if (left > LOW_RECOVERY_CODES) notify('second_factor.step.codes_left', 'info', { params: { count: left } });
  else
    notify('second_factor.step.codes_low', 'warning', {
      timeout: 15_000,
      params: { count: left },
      link: { to: '/users/profile/settings#two-factor', labelKey: 'second_factor.step.to_settings' },
    });
}

/** The app's or a recovery code, and whether to remember this browser. */
export const useSecondFactorCode = () =>
  useMutation({
    mutationFn: (body: { method: 'totp' | 'recovery'; code: string; remember: boolean }) =>
      api<SecondFactorDone>('POST', 'auth/second-factor', body),
  });

/** One of her passkeys answers the second step: options, the browser's prompt, the answer back. */
export const useSecondFactorPasskey = () =>
  useMutation({
    mutationFn: async (remember: boolean) => {
      const { options } = await api<{ options: PublicKeyCredentialRequestOptionsJSON }>(
        'POST',
        'auth/second-factor/passkey/options',
      );
      const credential = await startAuthentication({ optionsJSON: options });
      return api<SecondFactorDone>('POST', 'auth/second-factor/passkey', { credential, remember });
    },
  });

/** The pending sign-in is gone (too slow, too many wrong codes): back to the first step. */
export const isSecondFactorExpired = (err: unknown) =>
  err instanceof ApiError && err.status === 401 && err.body?.message === 'second_factor_expired';

/* The settings. */

const KEY = ['second-factor'] as const;
type StateAnswer = { second_factor: SecondFactorState };

export const useSecondFactorState = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<StateAnswer>('GET', 'users/second-factor', undefined, { signal }),
  });

const useSetState = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
};

/** A new key for the app (not active before it is confirmed); her password when she has one. */
export const useTotpSetup = () =>
  useMutation({
    mutationFn: (body: { password?: string }) =>
      api<{ secret: string; otpauth_uri: string; qr_svg: string }>('POST', 'users/second-factor/totp', body),
  });

/** The app's first code turns it on; answers the recovery codes, once. */
export const useTotpConfirm = () => {
  const refresh = useSetState();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ recovery_codes: string[] }>('POST', 'users/second-factor/totp/confirm', { code }),
    onSuccess: refresh,
  });
};

/** New recovery codes for a code of the app; the old ones stop working. */
export const useNewRecoveryCodes = () => {
  const refresh = useSetState();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ recovery_codes: string[] }>('POST', 'users/second-factor/recovery-codes', { code }),
    onSuccess: refresh,
  });
};

/** Off, with her password (when she has one) and a code of the app or a recovery code. */
export const useSecondFactorOff = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { password?: string; code: string }) =>
      api<StateAnswer>('POST', 'users/second-factor/off', body),
    onSuccess: (answer) => client.setQueryData(KEY, answer),
  });
};
