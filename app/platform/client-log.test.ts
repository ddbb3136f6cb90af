import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configQuery, sessionQuery } from '#app/features/session/api.ts';
import { queryClient } from '#app/query-client.ts';
import { testConfig, testSession, testUser } from '#app/test/render.tsx';
import { LOG_LEVELS } from '#common/constants.ts';
import packageJson from '../../package.json';
import { flushClientLog, logClientError, readClientLog, startClientLog, trackRoute } from './client-log.ts';

let send: ReturnType<typeof vi.fn<(body: unknown) => Promise<unknown>>>;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('__BUILD_ID__', 'build-42');
  send = vi.fn(async () => ({ ok: true }));
  stop = startClientLog(send);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('client error log', () => {
  it('keeps entries with level, routes and user agent', () => {
    trackRoute('/faq');
    trackRoute('/contact');
    logClientError('boom', LOG_LEVELS.WARNING, [new Error('inner'), { a: 1 }]);
    const [entry] = readClientLog();
    expect(entry).toMatchObject({
      message: 'boom',
      level: 2,
      prevRoute: '/faq',
      currentRoute: '/contact',
      userAgent: navigator.userAgent,
      objects: [{ name: 'Error', message: 'inner' }, { a: 1 }],
    });
    expect(Number.isNaN(Date.parse(entry?.created ?? ''))).toBe(false);
  });

  it('keeps at most the 10 newest entries', () => {
    for (let i = 1; i <= 13; i++) logClientError(`e${i}`);
    const log = readClientLog();
    expect(log).toHaveLength(10);
    expect(log[0]?.message).toBe('e4');
    expect(log[9]?.message).toBe('e13');
  });

  it('sends one batch 5 s after the last entry, then clears it', async () => {
    queryClient.setQueryData(sessionQuery.queryKey, { session: testSession(), user: testUser({ id: 99 }) });
    // The server already runs a newer version than this bundle: the bundle's own is reported.
    queryClient.setQueryData(configQuery.queryKey, testConfig({ version: '9.0.0' }));
    logClientError('first');
    await vi.advanceTimersByTimeAsync(4_000);
    logClientError('second');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      memberid: 99,
      // The bundle's semantic version (package.json's at build time), not the build id.
      version: packageJson.version,
      errors: [
        { message: 'first', level: 1 },
        { message: 'second', level: 1 },
      ],
    });
    expect(readClientLog()).toEqual([]);
  });

  it('sends memberid null for a visitor, and the bundle’s version before the config is known', async () => {
    logClientError('x');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send.mock.calls[0]?.[0]).toMatchObject({ memberid: null, version: packageJson.version });
  });

  it('sends a valid placeholder when the bundle’s version is no semantic version', async () => {
    vi.stubGlobal('__APP_VERSION__', 'dev build');
    logClientError('x');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send.mock.calls[0]?.[0]).toMatchObject({ version: '0.0.0+unknown' });
  });

  it('keeps the entries when sending fails, and sends them with the next batch', async () => {
    send.mockRejectedValueOnce(new Error('offline'));
    logClientError('kept');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(readClientLog()).toHaveLength(1);
    logClientError('later');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0]).toMatchObject({ errors: [{ message: 'kept' }, { message: 'later' }] });
    expect(readClientLog()).toEqual([]);
  });

  it('keeps an entry that arrives while a batch is on its way', async () => {
    let finish: (v: unknown) => void = () => {};
    send.mockImplementationOnce(() => new Promise((r) => (finish = r)));
    logClientError('one');
    await vi.advanceTimersByTimeAsync(5_000);
    logClientError('two');
    finish({ ok: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(readClientLog().map((e) => e.message)).toEqual(['two']);
  });

  it('records uncaught errors and unhandled rejections', async () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught TypeError: x', error: new TypeError('x') }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('rejected') });
    window.dispatchEvent(rejection);
    expect(readClientLog().map((e) => e.message)).toEqual(['Uncaught TypeError: x', 'rejected']);
  });

  it('sends what an earlier visit left behind', async () => {
    stop();
    localStorage.setItem(
      'livecam.client-log',
      JSON.stringify([{ created: new Date().toISOString(), message: 'old', level: 1 }]),
    );
    stop = startClientLog(send);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await flushClientLog()).toBe(true);
  });
});
