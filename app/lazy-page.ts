import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadLaterTexts } from './i18n.ts';

/**
 * Lazy page module: only the index route's code is in the first bundle. A page renders once its
 * module and the texts it shows are there: `texts: 'start'` is for the pages the start part of
 * the catalog covers (the index), every other page waits for the later part too.
 */
export const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, texts: 'start' | 'all' = 'all') =>
  async () => {
    const [module] = await Promise.all([load(), texts === 'all' ? loadLaterTexts() : undefined]);
    return { Component: module[name] as ComponentType };
  };

/**
 * A part loaded on first use (dialog, menu list, overlay): React.lazy over the component `load`
 * resolves to, ready once the later part of the catalog is there too, so it never shows a bare key.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadLaterTexts()]);
    return { default: component };
  });
}
