import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates a server-rendered page, true from
 * then on (and at once in a page drawn in the browser): for what only the browser knows, such as its
 * time zone, so hydration renders exactly what the server did.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
