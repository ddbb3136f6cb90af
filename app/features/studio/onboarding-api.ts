import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { DocumentKind, StudioApplication, StudioSignupBody } from '#common/api/onboarding.ts';
import { PERFORMER_META, studioMeQuery } from './api.ts';

/** Her application (pending, rejected, or active once approved), or null without a studio session (401). */
export const applicationQuery = queryOptions({
  queryKey: ['studio', 'application'],
  queryFn: async ({ signal }) => {
    try {
      return await api<StudioApplication>('GET', '/studio/application', undefined, { signal });
    } catch (err) {
      if (err instanceof Error && 'status' in err && err.status === 401) return null;
      throw err;
    }
  },
  meta: PERFORMER_META,
  staleTime: 10_000,
});

export function useStudioSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudioSignupBody) => api<StudioApplication>('POST', '/studio/signup', body),
    onSuccess: (application) => {
      client.setQueryData(applicationQuery.queryKey, application);
      client.setQueryData(studioMeQuery.queryKey, null);
    },
    meta: PERFORMER_META,
  });
}

/**
 * A change of her application: its answer is the application as it now is. A read of it still
 * under way began before the change and would land after it with the old state (the mailed link's
 * confirmation showed "to do" again): it is cancelled first.
 */
function useApplicationWrite<V>(write: (v: V) => Promise<StudioApplication>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (application) => {
      await client.cancelQueries({ queryKey: applicationQuery.queryKey });
      client.setQueryData(applicationQuery.queryKey, application);
    },
    meta: PERFORMER_META,
  });
}

export const useConfirmEmail = () =>
  useApplicationWrite((token: string) => api<StudioApplication>('POST', '/studio/application/confirm', { token }));

export const useUploadDocument = () =>
  useApplicationWrite(({ kind, file }: { kind: DocumentKind; file: Blob }) =>
    api<StudioApplication>('PUT', `/studio/application/documents/${kind}`, file),
  );

/** Starts the identity check: the answer is the ID provider's page, where the browser goes next. */
export function useStartIdCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ link: string }>('POST', '/studio/application/check', {}),
    // A refused start (every attempt used, a check under way meanwhile): her application as it now is.
    onError: () => client.invalidateQueries({ queryKey: applicationQuery.queryKey }),
    meta: PERFORMER_META,
  });
}
