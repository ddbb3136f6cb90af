import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { StudioApplication } from '#common/api/onboarding.ts';
import type { StudioLoginBody, StudioMe, StudioShowSettingsBody } from '#common/api/studio.ts';
import type { StudioPhoneChat, StudioPhoneChatBody } from '#common/api/studio-phone-chat.ts';

/**
 * The studio speaks for a performer, never a member: its answers (a 401 when her session is
 * gone) must not trigger the member shell's global rules (query-client.ts reads this mark).
 */
export const PERFORMER_META = { audience: 'performer' } as const;

/** Her account and her show, or null without a studio session (401). */
export const studioMeQuery = queryOptions({
  queryKey: ['studio', 'me'],
  queryFn: async ({ signal }) => {
    try {
      return await api<StudioMe>('GET', '/studio/me', undefined, { signal });
    } catch (err) {
      if (err instanceof Error && 'status' in err && err.status === 401) return null;
      throw err;
    }
  },
  meta: PERFORMER_META,
  staleTime: 30_000,
});

/** Whether a sign-in answered an applicant (her application) rather than an approved performer's studio. */
export const isApplication = (answer: StudioMe | StudioApplication): answer is StudioApplication =>
  'application' in answer;

/** Signs her in: an approved performer's answer is her studio, an applicant's her application. */
export function useStudioLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudioLoginBody) => api<StudioMe | StudioApplication>('POST', '/studio/login', body),
    onSuccess: (answer) => {
      if (isApplication(answer)) {
        client.setQueryData(['studio', 'application'], answer);
        client.setQueryData(studioMeQuery.queryKey, null);
      } else {
        client.setQueryData(studioMeQuery.queryKey, answer);
      }
    },
    meta: PERFORMER_META,
  });
}

/** An unlock link for the studio account of this address (the same answer whether there is one). */
export const useStudioSendUnlock = () =>
  useMutation({
    mutationFn: (body: { email: string }) => api<{ ok: true }>('POST', '/studio/unlock/send', body),
    meta: PERFORMER_META,
  });

/** A mailed unlock link: this browser becomes a known device of her account; it signs nobody in. */
export const useStudioUnlock = () =>
  useMutation({
    mutationFn: (body: { token: string }) => api<{ ok: true }>('POST', '/studio/unlock', body),
    meta: PERFORMER_META,
  });

export function useStudioLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('POST', '/studio/logout', {}),
    onSettled: () => {
      client.setQueryData(studioMeQuery.queryKey, null);
      client.setQueryData(['studio', 'application'], null);
    },
    meta: PERFORMER_META,
  });
}

/** Saves any of her show's settings (free chat, prices, exclusive chat); the answer is her studio as it is now. */
export function useStudioShowSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudioShowSettingsBody) => api<StudioMe>('PATCH', '/studio/show', body),
    onSuccess: (me) => client.setQueryData(studioMeQuery.queryKey, me),
    // A failed save may still have been written (a lost answer): read her show again.
    onError: () => client.invalidateQueries({ queryKey: studioMeQuery.queryKey }),
    meta: PERFORMER_META,
  });
}

/** Her phone chat: extension, "takes calls", and whether the real line has her telephone (masked). */
export const studioPhoneChatQuery = queryOptions({
  queryKey: ['studio', 'phone-chat'],
  queryFn: ({ signal }) => api<StudioPhoneChat>('GET', '/studio/phone-chat', undefined, { signal }),
  meta: PERFORMER_META,
  staleTime: 30_000,
});

/** Sets or removes her telephone, or switches "takes calls"; the answer is her phone chat as it is now. */
export function useStudioPhoneChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { number: StudioPhoneChatBody } | { on: boolean }) =>
      'on' in change
        ? api<StudioPhoneChat>('POST', '/studio/phone-chat/taking', { on: change.on })
        : api<StudioPhoneChat>('PUT', '/studio/phone-chat', change.number),
    onSuccess: (state) => client.setQueryData(studioPhoneChatQuery.queryKey, state),
    onError: () => client.invalidateQueries({ queryKey: studioPhoneChatQuery.queryKey }),
    meta: PERFORMER_META,
  });
}
