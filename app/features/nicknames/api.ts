import { useMutation } from '@tanstack/react-query';
import type { UserAnswer } from '#app/features/auth/api.ts';
import { useSetUser } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';

/** Nickname changes answer the whole user; it goes straight into the session cache. */
function useUserMutation<V>(call: (vars: V) => Promise<UserAnswer>) {
  const setUser = useSetUser();
  return useMutation({ mutationFn: call, onSuccess: ({ user }) => setUser(user) });
}

export const useAddNickname = () =>
  useUserMutation((nickname: string) => api<UserAnswer>('POST', 'user/nickname/add', { nickname }));

export const useActivateNickname = () =>
  useUserMutation((id: number) => api<UserAnswer>('POST', `user/nickname/activate/${id}`));

export const useRemoveNickname = () =>
  useUserMutation((id: number) => api<UserAnswer>('DELETE', `user/nickname/remove/${id}`));
