import type { ComponentType } from 'react';

/** Lazy page module: only the index route's code is in the first bundle. */
export const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });
