import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { LoginBody, RegisterBody, User } from '#common/api/auth.ts';
import type { SecondFactorChallenge } from '#common/api/second-factor.ts';
import { MAILCHECK_DEBOUNCE_MS } from '#common/constants.ts';
import { type SignInOrChallenge, tellSignedIn } from './second-factor-api.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

export type UserAnswer = { user: User };
/** What a reset or activation link answers: signed in, or her second step asked for (202, decision 071). */
export type LinkAnswer = UserAnswer | SecondFactorChallenge;
type Ok = { ok: true };

/**
 * POST /auth/login: user name or address and password, or a Google credential. Answers the user
 * (`reopened` when it reopened an account closed within its grace period), or, for an account
 * with a second factor, the second step asked for (202, no session yet).
 */
export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => api<SignInOrChallenge>('POST', 'auth/login', body),
    onSuccess: tellReopened,
  });

function tellReopened(answer: SignInOrChallenge) {
  if ('user' in answer) tellSignedIn(answer);
}

export const useLogout = () => useMutation({ mutationFn: () => api<Ok>('POST', 'auth/logout') });

export const useRegister = () =>
  useMutation({ mutationFn: (body: RegisterBody) => api<UserAnswer>('POST', 'register', body) });

/** The address to send a new activation link to is the logged-in member's. */
export const useResendActivation = () => useMutation({ mutationFn: () => api<Ok>('POST', 'register/resend') });

/** Activation link: the token, and a password when the account has none yet. */
export const useActivate = () =>
  useMutation({
    mutationFn: (body: { token: string; password?: string }) => api<LinkAnswer>('POST', 'register/validate', body),
  });

export const useSendReset = () =>
  useMutation({ mutationFn: (body: { email: string }) => api<Ok>('POST', 'auth/send', body) });

/** The unlock mail for the account of a user name or address (the same answer whether it exists). */
export const useSendUnlock = () =>
  useMutation({ mutationFn: (body: { username: string }) => api<Ok>('POST', 'auth/unlock/send', body) });

/** An unlock link: this browser becomes a known device of the account; it does not sign in. */
export const useUnlock = () =>
  useMutation({ mutationFn: (body: { token: string }) => api<Ok>('POST', 'auth/unlock', body) });

/** /token_login: a sign-in link to the address (the same answer whether it has an account). */
export const useSendTokenLogin = () =>
  useMutation({ mutationFn: (body: { email: string }) => api<Ok>('POST', 'auth/token_login/send', body) });

/** A mailed sign-in link: signs in like a password login. */
export const useTokenLogin = () =>
  useMutation({
    mutationFn: (body: { token: string }) => api<SignInOrChallenge>('POST', 'auth/token_login', body),
    onSuccess: tellReopened,
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string; password_confirm: string }) =>
      api<LinkAnswer>('POST', 'auth/reset', body),
  });

/**
 * "Did you mean …?" for a mistyped address: asks the server once typing has paused for
 * MAILCHECK_DEBOUNCE_MS, and only for something that looks like an address.
 */
export function useMailSuggestion(email: string): string | null {
  const value = useDebouncedValue(email.trim(), MAILCHECK_DEBOUNCE_MS);
  const { data } = useQuery({
    queryKey: ['mailcheck', value],
    queryFn: ({ signal }) =>
      api<{ suggestion: string | null }>('GET', 'register/mailcheck', undefined, { signal, query: { email: value } }),
    enabled: /^[^@\s]+@[^@\s]+$/.test(value),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const suggestion = data?.suggestion ?? null;
  return suggestion && suggestion !== email.trim() ? suggestion : null;
}
