import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * On a show page (/chat/:showid/:slug, also below /shows and /search) a show's videos and
 * galleries open inside it (/chat/:showid/:slug/videos/:id, .../galleries/:id); elsewhere null.
 */
export function showPageBase(pathname: string, universalId: string, slugName: string): string | null {
  const m = /^(.*?)\/chat\/([^/]+)/.exec(pathname);
  if (!m) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[2] ?? '');
  } catch {
    return null;
  }
  return id === universalId ? `${m[1]}/chat/${m[2]}/${encodeURIComponent(slugName)}` : null;
}

/** Where a show's video or gallery tile leads from the current page (undefined: its own page). */
export function useShowPageLink(kind: 'videos' | 'galleries') {
  const { pathname } = useLocation();
  return (item: { id: number; universalId: string; slugName: string }) => {
    const base = showPageBase(pathname, item.universalId, item.slugName);
    return base ? `${base}/${kind}/${item.id}` : undefined;
  };
}

/** Below a show page its h1 names the show; a video or gallery shown there titles itself with an h2. */
export function useTitleLevel(): 'h1' | 'h2' {
  return /\/chat\//.test(useLocation().pathname) ? 'h2' : 'h1';
}

/**
 * Below a show page a video or gallery scrolls to its start when it opens (from the show's list or
 * by a direct link): the show's photos, facts and tabs above it are taller than a phone's screen.
 * On its own page it starts at the top anyway. The element needs a scroll margin for the top bar.
 */
export function useRevealBelowShow<T extends HTMLElement>(openedId: number | null) {
  const below = useTitleLevel() === 'h2';
  const ref = useRef<T>(null);
  useEffect(() => {
    // After the show page's own scroll restore (a layout effect), once the item is there.
    if (below && openedId !== null) ref.current?.scrollIntoView({ block: 'start' });
  }, [below, openedId]);
  return ref;
}
