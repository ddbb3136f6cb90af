import { act, fireEvent, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { CHAT_EXTERNAL_EXTEND_MS } from '#common/constants.ts';
import { ExternalChatFrame } from './ExternalChatFrame.tsx';

const SHOW = { universalId: '212345', showName: 'Bea' };
const EXTEND = 'POST /api/chat/external/extend';
const END = 'POST /api/chat/external/end';

let visibility: DocumentVisibilityState = 'visible';
const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Lets timers run (and the answers they wait for settle) inside act. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
  beacon.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

const renderFrame = (opts: { lang?: 'en' | 'de'; onEnded?: () => void; strict?: boolean } = {}) => {
  const frame = <ExternalChatFrame show={SHOW} {...(opts.onEnded ? { onEnded: opts.onEnded } : {})} />;
  return renderWithProviders(opts.strict ? <StrictMode>{frame}</StrictMode> : frame, { lang: opts.lang ?? 'en' });
};

describe('external chat frame', () => {
  it('shows the provider in a frame, in the interface language', async () => {
    mockApi({});
    renderFrame({ lang: 'de' });
    await elapse(0);
    expect(screen.getByTitle('Chat mit Bea')).toHaveAttribute('src', '/api/chat/external/vxm?show=212345&lang=de');
  });

  it('extends every 10 s while the page is visible', async () => {
    const api = mockApi({ [EXTEND]: () => jsonResponse({ ok: true }) });
    renderFrame();
    await elapse(CHAT_EXTERNAL_EXTEND_MS - 1);
    expect(api.callsTo(EXTEND)).toHaveLength(0);
    await elapse(1);
    expect(api.callsTo(EXTEND)).toHaveLength(1);
    expect(api.callsTo(EXTEND)[0]?.body).toEqual({ show: '212345' });
    await elapse(2 * CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(3);
    expect(api.callsTo(END)).toHaveLength(0);
  });

  it('stops extending while hidden, and extends at once on coming back', async () => {
    const api = mockApi({ [EXTEND]: () => jsonResponse({ ok: true }) });
    renderFrame();
    await elapse(CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(1);
    setVisibility('hidden');
    await elapse(5 * CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(1);
    setVisibility('visible');
    await elapse(0);
    expect(api.callsTo(EXTEND)).toHaveLength(2);
    await elapse(CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(3);
  });

  it('ends with a beacon (a form with beacon=1) when the page goes away', async () => {
    const api = mockApi({ [EXTEND]: () => jsonResponse({ ok: true }) });
    renderFrame();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, data] = beacon.mock.calls[0] ?? [];
    expect(url).toBe('/api/chat/external/end');
    expect(data).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(data as URLSearchParams)).toEqual({ show: '212345', beacon: '1' });
    await elapse(3 * CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(0);
  });

  it('shows the end on 422, stops, and starts a new frame on request', async () => {
    let ended = true;
    const onEnded = vi.fn();
    const api = mockApi({
      [EXTEND]: () =>
        ended ? apiError(422, { error: 'validation_failed', message: 'chat.ended' }) : jsonResponse({ ok: true }),
    });
    renderFrame({ onEnded });
    await elapse(CHAT_EXTERNAL_EXTEND_MS);
    expect(screen.getByRole('status')).toHaveTextContent('This chat has ended.');
    expect(screen.queryByTitle('Chat with Bea')).not.toBeInTheDocument();
    expect(onEnded).toHaveBeenCalledTimes(1);
    await elapse(3 * CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(1);
    // It ended on the provider's side: nothing to end from here.
    expect(api.callsTo(END)).toHaveLength(0);
    expect(beacon).not.toHaveBeenCalled();

    ended = false;
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    });
    expect(screen.getByTitle('Chat with Bea')).toBeInTheDocument();
    await elapse(CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(2);
  });

  it('keeps trying after an answer other than 422', async () => {
    let fail = true;
    const api = mockApi({
      [EXTEND]: () =>
        fail ? apiError(503, { error: 'unavailable', message: 'unavailable' }) : jsonResponse({ ok: true }),
    });
    renderFrame();
    await elapse(CHAT_EXTERNAL_EXTEND_MS);
    fail = false;
    await elapse(CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(2);
    expect(screen.getByTitle('Chat with Bea')).toBeInTheDocument();
  });

  it('ends the session once when the chat is closed, also under StrictMode', async () => {
    const api = mockApi({ [EXTEND]: () => jsonResponse({ ok: true }), [END]: () => jsonResponse({ ok: true }) });
    const { unmount } = renderFrame({ strict: true });
    await elapse(0);
    // StrictMode mounted the effect twice: the session was not ended in between.
    expect(api.callsTo(END)).toHaveLength(0);
    unmount();
    await elapse(0);
    expect(api.callsTo(END)).toHaveLength(1);
    expect(api.callsTo(END)[0]?.body).toEqual({ show: '212345' });
    await elapse(3 * CHAT_EXTERNAL_EXTEND_MS);
    expect(api.callsTo(EXTEND)).toHaveLength(0);
    expect(beacon).not.toHaveBeenCalled();
  });
});
