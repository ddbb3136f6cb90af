import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inboxKey } from './inbox-api.ts';

/**
 * While the inbox is open: her own socket (auth as performer, its code loaded on demand), and on
 * `studio:message` (a member wrote, or she answered in another tab) the inbox is read again. The
 * inbox's poll covers a socket that cannot connect.
 */
export function useInboxSocket(): void {
  const client = useQueryClient();
  useEffect(() => {
    let close: (() => void) | null = null;
    let ended = false;
    import('#app/features/showchat/performer-socket.ts')
      .then(({ openPerformerSocket }) => {
        if (ended) return;
        const socket = openPerformerSocket();
        socket.on('studio:message', () => void client.invalidateQueries({ queryKey: inboxKey }));
        close = () => socket.disconnect();
      })
      .catch(() => undefined);
    return () => {
      ended = true;
      close?.();
    };
  }, [client]);
}
