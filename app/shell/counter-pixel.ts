import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSessionState } from '#app/features/session/api.ts';
import type { PixelQuery } from '#common/api/pixel.ts';
import type { SessionInfo } from '#common/api/session.ts';
import { COUNTER_PIXEL_WEBSITE_ID } from '#common/constants.ts';
import { useConsent } from './consent.ts';

/** The counter pixel's address (spec part 1, section 7): the page's session, site and host, and the member. */
export function counterPixelUrl(session: SessionInfo, host: string, memberId: number | null): string {
  const query: PixelQuery = {
    webid: String(session.webid),
    session: session.session_id,
    websiteid: String(COUNTER_PIXEL_WEBSITE_ID),
    noredirect: '1',
    host,
    ...(memberId !== null ? { mid: String(memberId) } : {}),
  };
  return `/api/pixel?${new URLSearchParams(query)}`;
}

/**
 * Asks the counter pixel once per page view (a change of path or query), and only while the
 * visitor has accepted analytics: nothing before an answer, nothing after a decline. Accepting
 * counts the page the visitor is on. A failed request is not retried: a lost view is no harm.
 */
export function useCounterPixel() {
  const { pathname, search } = useLocation();
  const consent = useConsent();
  const { session, user } = useSessionState();
  const memberId = user?.id ?? null;
  const counted = useRef<string | null>(null);
  const page = `${pathname}${search}`;

  useEffect(() => {
    if (consent !== 'accepted' || !session.session_id || counted.current === page) return;
    counted.current = page;
    void fetch(counterPixelUrl(session, location.hostname, memberId), {
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: true,
    }).catch(() => {});
  }, [consent, session, memberId, page]);
}
