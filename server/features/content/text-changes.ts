import type { AppContext } from '#server/context.ts';

/**
 * Tells this process's caches of rendered pages that a content page's text changed, so that the
 * next visitor's page is rendered with it. Other processes keep their rendered pages for at most
 * PAGE_CACHE_MS (server/render/pages.ts) and then render the new text as well.
 */
const listeners = new WeakMap<AppContext, Set<() => void>>();

export function onContentTextChanged(ctx: AppContext, listener: () => void) {
  let set = listeners.get(ctx);
  if (!set) {
    set = new Set();
    listeners.set(ctx, set);
  }
  set.add(listener);
}

export function contentTextChanged(ctx: AppContext) {
  for (const listener of listeners.get(ctx) ?? []) listener();
}
