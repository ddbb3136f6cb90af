import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQuery } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';
import type { SessionInfo } from '#common/api/session.ts';
import { readConsent } from './consent.ts';
import { computeFingerprint, fingerprintTaker } from './visitor-id.ts';

/** Takes the visitor fingerprint on the first click (see visitor-id.ts) and stores the answer. */
export function useVisitorId() {
  const client = useQueryClient();
  useEffect(() => {
    const take = fingerprintTaker({
      hasVisitorId: () => Boolean(client.getQueryData(sessionQuery.queryKey)?.session.visitor_id),
      allowed: () => readConsent() === 'accepted',
      compute: computeFingerprint,
      send: async (signal) => {
        const { session } = await api<{ session: SessionInfo }>('POST', 'session/vid', signal);
        client.setQueryData(sessionQuery.queryKey, (old) => (old ? { ...old, session } : old));
      },
      storage: sessionStorage,
    });
    const onClick = () => void take();
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, [client]);
}
