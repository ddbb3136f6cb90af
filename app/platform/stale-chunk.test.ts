import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, mayReload, reloadForStaleChunk, watchStaleChunks } from './stale-chunk.ts';

afterEach(() => sessionStorage.clear());

describe('isStaleChunkError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/a.js',
    'Importing a module script failed.',
    'error loading dynamically imported module',
  ])('recognises "%s"', (message) => {
    expect(isStaleChunkError(new TypeError(message))).toBe(true);
  });
  it('ignores other errors', () => {
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isStaleChunkError({ status: 404 })).toBe(false);
  });
});

describe('mayReload', () => {
  it('allows the first reload and one a minute later, not sooner', () => {
    expect(mayReload(1_000_000, null)).toBe(true);
    expect(mayReload(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(mayReload(1_000_000, 1_000_000 - 60_000)).toBe(true);
    expect(mayReload(1_000_000, Number.NaN)).toBe(true);
  });
});

describe('reloadForStaleChunk', () => {
  it('reloads at most once per minute', () => {
    const reload = vi.fn();
    expect(reloadForStaleChunk(100_000, reload)).toBe(true);
    expect(reloadForStaleChunk(130_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForStaleChunk(160_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reacts to vite:preloadError', () => {
    const reload = vi.fn();
    const stop = watchStaleChunks(reload);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reacts to an uncaught stale import, not to other errors', () => {
    const reload = vi.fn();
    const stop = watchStaleChunks(reload);
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'x is undefined', error: new TypeError('x is undefined') }),
    );
    expect(reload).not.toHaveBeenCalled();
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', {
      value: new TypeError('Failed to fetch dynamically imported module: /assets/Page-abc.js'),
    });
    window.dispatchEvent(rejection);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });
});
