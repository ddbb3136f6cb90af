import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleSession } from '#common/api/admin.ts';
import type { ConsoleCapability } from '#common/domain/console-policy.ts';
import { consoleApi } from './api.ts';

/** Who is signed in to the console (401: nobody, the frame sends her to the sign-in). */
export const sessionQuery = queryOptions({
  queryKey: ['console', 'session'],
  queryFn: ({ signal }) => consoleApi<ConsoleSession>('GET', 'session', undefined, { signal }),
  staleTime: 60_000,
  retry: false,
});

/** The signed-in operator's session; only inside the frame, which renders once it is there. */
export function useConsoleSession(): ConsoleSession {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useConsoleSession outside the signed-in frame');
  return data;
}

/** Whether her roles let her do `capability` (the server decides again on every call). */
export function useMay(capability: ConsoleCapability): boolean {
  return useConsoleSession().capabilities.includes(capability);
}
