import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '#app/http.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { UpdateBanner, versionsDiffer } from './UpdateBanner.tsx';

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
let serverVersion = 'build-1';
let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('__BUILD_ID__', 'build-1');
  serverVersion = 'build-1';
  fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) =>
      String(input) === '/api/version'
        ? new Response(serverVersion, { headers: { 'content-type': 'text/plain', 'x-version': serverVersion } })
        : jsonResponse({}, 200, { 'x-version': serverVersion }),
    );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const banner = () => screen.queryByText('A new version of the site is available.');

describe('versionsDiffer', () => {
  it('compares only when both builds are known', () => {
    expect(versionsDiffer('b', 'a')).toBe(true);
    expect(versionsDiffer('a', 'a')).toBe(false);
    expect(versionsDiffer(undefined, 'a')).toBe(false);
    expect(versionsDiffer('', 'a')).toBe(false);
    expect(versionsDiffer('b', '')).toBe(false);
  });
});

describe('UpdateBanner', () => {
  it('shows nothing while the builds match', async () => {
    renderWithProviders(<UpdateBanner />);
    await flush(60_000);
    expect(banner()).not.toBeInTheDocument();
  });

  it('polls the version every 30 s and offers a reload 10 s after a difference', async () => {
    const reload = vi.fn();
    renderWithProviders(<UpdateBanner onReload={reload} />);
    await flush();
    const polls = () => fetchSpy.mock.calls.filter(([u]) => u === '/api/version').length;
    expect(polls()).toBe(1);
    serverVersion = 'build-2';
    await flush(30_000);
    expect(polls()).toBe(2);
    // the answer settles within a few ms; the notice waits 10 s from there
    await flush(9_900);
    expect(banner()).not.toBeInTheDocument();
    await flush(200);
    expect(banner()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads the build from any answer’s x-version header', async () => {
    renderWithProviders(<UpdateBanner />);
    await flush();
    serverVersion = 'build-3';
    await act(() => api('GET', 'session/init'));
    await flush(10_000);
    expect(banner()).toBeInTheDocument();
  });

  it('"Later" hides the notice for 5 minutes, then it comes back', async () => {
    serverVersion = 'build-2';
    renderWithProviders(<UpdateBanner />);
    await flush(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await flush(1_000);
    expect(banner()).not.toBeInTheDocument();
    await flush(5 * 60_000 - 2_000);
    expect(banner()).not.toBeInTheDocument();
    await flush(1_000);
    expect(banner()).toBeInTheDocument();
  });

  it('ignores a server that reports no build', async () => {
    serverVersion = '';
    renderWithProviders(<UpdateBanner />);
    await flush(60_000);
    expect(banner()).not.toBeInTheDocument();
  });
});
