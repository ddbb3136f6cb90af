const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Where `chat/<showid>` starts among the path's segments (the last such place), or -1. */
function chatIndex(segments: string[], showid: string): number {
  for (let i = segments.length - 2; i >= 0; i--) {
    if (segments[i] === 'chat' && decode(segments[i + 1] ?? '') === showid) return i;
  }
  return -1;
}

/**
 * The show page's path with the right slug: `.../chat/<showid>/<slug>` followed by whatever child
 * path (videos, galleries ...) the current one has. `hasSlug` says whether the current path carries
 * a slug segment after the show id. Answers the same string when nothing needs changing.
 */
export function canonicalShowPath(pathname: string, showid: string, hasSlug: boolean, slugName: string): string {
  const segments = pathname.split('/');
  const at = chatIndex(segments, showid);
  if (at < 0) return pathname;
  const head = segments.slice(0, at + 2);
  const tail = segments.slice(hasSlug ? at + 3 : at + 2);
  return [...head, encodeURIComponent(slugName), ...tail].join('/').replace(/\/$/, '');
}

/** The show page's own path (without a child path) under the current route prefix. */
export function showBasePath(pathname: string, showid: string, slugName: string): string {
  const segments = pathname.split('/');
  const at = chatIndex(segments, showid);
  const head = at < 0 ? ['', 'chat', encodeURIComponent(showid)] : segments.slice(0, at + 2);
  return [...head, encodeURIComponent(slugName)].join('/');
}
