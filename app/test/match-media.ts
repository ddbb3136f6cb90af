/**
 * Makes window.matchMedia answer each query with `matches(query)`. Returns the restore function.
 */
export function mockMatchMedia(matches: (query: string) => boolean): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

/**
 * Makes window.matchMedia answer as a viewport `width` px wide would (min-width / max-width
 * queries, as MUI's useMediaQuery asks them). Returns the restore function.
 */
export function mockViewportWidth(width: number): () => void {
  return mockMatchMedia((query) =>
    query
      .split(/\s+and\s+/)
      .map((part) => /\((min|max)-width:\s*([\d.]+)px\)/.exec(part))
      .every((m) => !m || (m[1] === 'min' ? width >= Number(m[2]) : width <= Number(m[2]))),
  );
}
