import { createContext, useContext } from 'react';

/** What the server puts in a rendered page's <head>: title, description and preview image. */
export type PageHead = { title: string; description?: string; image?: string };

/**
 * One server render's head, filled while it renders: the route's title, then the page's own
 * (`useTitle`), and what a page says of itself (`usePageMeta`). In the browser there is none.
 */
export const HeadCollector = createContext<PageHead | null>(null);

/** Records the page's description and preview image for search engines and link previews (server only). */
export function usePageMeta(meta: { description?: string | null | undefined; image?: string | null | undefined }) {
  const head = useContext(HeadCollector);
  if (!head) return;
  if (meta.description) head.description = meta.description;
  if (meta.image) head.image = meta.image;
}
