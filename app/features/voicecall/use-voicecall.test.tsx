import { notifyManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type SessionState, sessionQuery } from '#app/features/session/api.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import type { CheckPhonecallResponse } from '#common/api/billing.ts';
import { testCall } from './testing.ts';
import { useVoicecall } from './use-voicecall.ts';

const closePaymentWindow = vi.fn();
vi.mock('#app/features/billing/payment-window.ts', () => ({ closePaymentWindow: () => closePaymentWindow() }));

/** Advances the fake clock, then lets the answers' bodies (read outside the fake timers) settle. */
async function flush(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

const call = testCall;

let answer: CheckPhonecallResponse;
let sessionAnswer: SessionState;
let fetchSpy: MockInstance<typeof fetch>;
const checks = () => fetchSpy.mock.calls.filter(([u]) => String(u) === '/api/billing/check_phonecall').length;

function Probe() {
  const { hint } = useVoicecall();
  return <output data-testid="hint">{hint ? JSON.stringify(hint) : ''}</output>;
}
const hint = () => screen.getByTestId('hint').textContent;

const WATCHING = { phonecall_payment_type_id: 2, phonecall_product_id: 5, phonecall_payment_name: 'voicecall' };

function setup(opts: { route?: string; coins?: number; session?: Parameters<typeof testSession>[0] } = {}) {
  const user = testUser({ coins: opts.coins ?? 500 });
  const session = { agechecked: true, ...WATCHING, ...opts.session };
  sessionAnswer = { session: testSession(session), user };
  const page = (name: string) => ({ element: <Probe />, handle: { name } });
  return renderWithProviders(<Probe />, {
    user,
    session,
    route: opts.route ?? '/',
    path: '/',
    routes: [
      { path: '/billing', ...page('billing') },
      { path: '/videos', ...page('videos') },
      { path: '/avs', ...page('avs') },
    ],
  });
}

beforeEach(() => {
  // The query cache tells its observers at once, not on a zero timeout of the fake clock.
  notifyManager.setScheduler(queueMicrotask);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  closePaymentWindow.mockReset();
  answer = { voicecall: false, call: call() };
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/billing/check_phonecall') return jsonResponse(answer);
    if (url === '/api/session/init') return jsonResponse(sessionAnswer);
    return jsonResponse({});
  });
});
afterEach(() => {
  notifyManager.setScheduler((cb) => setTimeout(cb, 0));
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useVoicecall polling', () => {
  it('watches nothing while the session has no voice call', async () => {
    setup({ session: { phonecall_payment_type_id: null, phonecall_product_id: null, phonecall_payment_name: null } });
    await flush(30_000);
    expect(checks()).toBe(0);
  });

  it('polls every 2.5 s while awaited, every 10 s while active, and stops when the call ended', async () => {
    setup();
    await flush();
    expect(checks()).toBe(1);
    await flush(2_500);
    expect(checks()).toBe(2);
    await flush(2_500);
    expect(checks()).toBe(3);
    answer = { voicecall: true, call: call({ state: 'active' }) };
    await flush(2_500);
    expect(checks()).toBe(4);
    await flush(9_000);
    expect(checks()).toBe(4);
    await flush(1_000);
    expect(checks()).toBe(5);
    answer = { voicecall: false, call: call({ state: 'ended' }) };
    await flush(10_000);
    expect(checks()).toBe(6);
    await flush(60_000);
    expect(checks()).toBe(6);
  });
});

describe('useVoicecall transitions', () => {
  it('on connection closes the payment window, turns on voice-call mode and shows the hint for 5 s', async () => {
    const view = setup();
    await flush();
    answer = { voicecall: true, call: call({ state: 'active' }) };
    sessionAnswer = { ...sessionAnswer, session: { ...sessionAnswer.session, voicecall: true } };
    await flush(2_500);
    expect(closePaymentWindow).toHaveBeenCalledTimes(1);
    expect(view.client.getQueryData<SessionState>(sessionQuery.queryKey)?.session.voicecall).toBe(true);
    expect(hint()).toBe('{"kind":"connected"}');
    await flush(4_900);
    expect(hint()).not.toBe('');
    await flush(200);
    expect(hint()).toBe('');
  });

  it('shows the extended hint for 10 s when the member has few coins', async () => {
    setup({ coins: 30 });
    await flush();
    answer = { voicecall: true, call: call({ state: 'active' }) };
    await flush(2_500);
    expect(hint()).toBe('{"kind":"few_coins","coins":30}');
    await flush(9_900);
    expect(hint()).not.toBe('');
    await flush(200);
    expect(hint()).toBe('');
  });

  it('goes home when the call ends', async () => {
    answer = { voicecall: true, call: call({ state: 'active' }) };
    const view = setup({ route: '/videos', session: { voicecall: true } });
    await flush();
    answer = { voicecall: false, call: call({ state: 'ended' }) };
    sessionAnswer = { ...sessionAnswer, session: { ...sessionAnswer.session, voicecall: false } };
    await flush(10_000);
    expect(view.router.state.location.pathname).toBe('/');
    expect(view.client.getQueryData<SessionState>(sessionQuery.queryKey)?.session.voicecall).toBe(false);
  });

  it('returns to the page before billing when the call ends on the billing page', async () => {
    answer = { voicecall: true, call: call({ state: 'active' }) };
    const view = setup({ route: '/videos', session: { voicecall: true } });
    await flush();
    await act(() => view.router.navigate('/billing?paymenttypename=voicecall'));
    answer = { voicecall: false, call: call({ state: 'ended' }) };
    await flush(10_000);
    expect(view.router.state.location.pathname).toBe('/videos');
  });

  it('says what the ended call credited, back on the page before, for 10 s', async () => {
    answer = { voicecall: true, call: call({ state: 'active', minutes_billed: 2, coins_credited: 24 }) };
    setup({ route: '/videos', session: { voicecall: true } });
    await flush();
    answer = { voicecall: false, call: call({ state: 'ended', minutes_billed: 2, coins_credited: 24 }) };
    await flush(10_000);
    expect(hint()).toBe('{"kind":"ended","coins":24}');
    await flush(9_000);
    expect(hint()).not.toBe('');
    await flush(1_000);
    expect(hint()).toBe('');
  });

  it('does nothing for a call that was already active when the page loaded', async () => {
    answer = { voicecall: true, call: call({ state: 'active' }) };
    setup({ session: { voicecall: true } });
    await flush(20_000);
    expect(closePaymentWindow).not.toHaveBeenCalled();
    expect(hint()).toBe('');
  });
});

describe('the initVoicecall message', () => {
  const post = (data: unknown, origin = window.location.origin) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin }));
    });

  it('starts the voice call of an age-checked session on the billing page', async () => {
    const view = setup();
    await flush();
    await post('initVoicecall');
    expect(`${view.router.state.location.pathname}${view.router.state.location.search}`).toBe(
      '/billing?paymenttypename=voicecall',
    );
  });

  it('opens the age check first otherwise, and ignores other origins and other messages', async () => {
    const view = setup({ session: { agechecked: false } });
    await flush();
    await post('initVoicecall', 'https://evil.example');
    await post({ type: 'somethingElse' });
    expect(view.router.state.location.pathname).toBe('/');
    await post({ type: 'initVoicecall' });
    expect(`${view.router.state.location.pathname}${view.router.state.location.search}`).toBe(
      '/avs?kjm=1&target=voicecall',
    );
  });
});
