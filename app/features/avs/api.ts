import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { StartBody, StartResponse, StatusResponse } from '#common/api/avs.ts';

/** GET /api/avs/status: whether this session is age-checked, and the check asked for. */
export const avsStatusQuery = (check: number | null) =>
  queryOptions({
    queryKey: ['avs', 'status', check] as const,
    queryFn: ({ signal }) =>
      api<StatusResponse>('GET', 'avs/status', undefined, { signal, query: { check: check ?? undefined } }),
    staleTime: 0,
  });

/** Leaving the app for the provider's page (a seam tests replace). */
export const browser = { assign: (url: string) => window.location.assign(url) };

/** POST /api/avs/start, then on to the provider's hosted check. */
export const useStartAgeCheck = () =>
  useMutation({
    mutationFn: (body: StartBody) => api<StartResponse>('POST', 'avs/start', body),
    onSuccess: ({ link }) => browser.assign(link),
  });
