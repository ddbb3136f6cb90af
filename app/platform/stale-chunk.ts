import { STALE_RELOAD_GUARD_MS } from '#common/constants.ts';

const KEY = 'livecam.stale-reload';

const STALE_PATTERNS = [
  /dynamically imported module/i,
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

/** True for the errors a browser raises when a lazy part of an older build is gone. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return STALE_PATTERNS.some((p) => p.test(message));
}

/** The guard: reload when no reload happened, or the last one is at least a minute old. */
export function mayReload(now: number, lastReload: number | null): boolean {
  return lastReload === null || !Number.isFinite(lastReload) || now - lastReload >= STALE_RELOAD_GUARD_MS;
}

/**
 * Reloads the page after a failed lazy load, at most once per minute (timestamp in
 * sessionStorage), so a part that is really missing cannot cause a reload loop. Returns whether it
 * reloaded.
 */
export function reloadForStaleChunk(now = Date.now(), reload = () => window.location.reload()): boolean {
  const raw = sessionStorage.getItem(KEY);
  const last = raw === null ? null : Number(raw);
  if (!mayReload(now, last)) return false;
  sessionStorage.setItem(KEY, String(now));
  reload();
  return true;
}

/**
 * Listens for Vite's preload failures and for uncaught stale-import errors (a lazy part that
 * failed outside the router); returns the unsubscribe.
 */
export function watchStaleChunks(reload?: () => void): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    reloadForStaleChunk(Date.now(), reload);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isStaleChunkError(event.reason)) reloadForStaleChunk(Date.now(), reload);
  };
  const onError = (event: ErrorEvent) => {
    if (isStaleChunkError(event.error ?? event.message)) reloadForStaleChunk(Date.now(), reload);
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
  };
}
