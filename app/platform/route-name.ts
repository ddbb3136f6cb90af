import { useMatches } from 'react-router';

/** The spec's name of the deepest matched route (`handle.name`), if any. */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { name?: unknown } | undefined;
    if (typeof handle?.name === 'string') return handle.name;
  }
  return undefined;
}
