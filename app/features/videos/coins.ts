import { useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '#app/features/session/api.ts';

/** Writes a new balance into the session user every component reads (after a purchase). */
export function useSetCoins() {
  const client = useQueryClient();
  return (coins: number) =>
    client.setQueryData(sessionQuery.queryKey, (old) => (old?.user ? { ...old, user: { ...old.user, coins } } : old));
}
