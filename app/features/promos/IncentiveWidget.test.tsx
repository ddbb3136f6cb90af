import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { INCENTIVE_DISABLED } from '#common/constants.ts';
import { IncentiveWidget } from './IncentiveWidget.tsx';
import { useIncentiveStore } from './store.ts';

const START = Date.parse('2026-05-01T12:00:00Z');
const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

let fetchSpy: MockInstance<typeof fetch>;
const answer = (over: Record<string, unknown> = {}) => {
  fetchSpy.mockImplementation(async (input, init) => {
    if (String(input).endsWith('/session/incentive_tsp')) {
      const body = JSON.parse(String(init?.body)) as { incentive_tsp: number };
      return jsonResponse({ video_id: null, voucher_percent: null, incentive_tsp: body.incentive_tsp, ...over });
    }
    return new Response(null, { status: 204 });
  });
};
const incentiveCalls = () => fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/session/incentive_tsp'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
  useIncentiveStore.setState({ incentiveTsp: null, incentiveHidden: null });
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('IncentiveWidget', () => {
  it('registers the first visit, starts collapsed and expands after 2 s', async () => {
    answer();
    renderWithProviders(<IncentiveWidget />);
    await flush();
    expect(incentiveCalls()).toHaveLength(1);
    expect(JSON.parse(String(incentiveCalls()[0]?.[1]?.body))).toEqual({ incentive_tsp: START / 1000 });
    expect(useIncentiveStore.getState().incentiveTsp).toBe(START / 1000);
    const gift = screen.getByRole('button', { name: 'Show the welcome offer' });
    expect(gift).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    await flush(1_999);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await flush(1);
    expect(screen.getByRole('timer')).toHaveTextContent('14:58');
    expect(screen.getByText('For your first sign-up only.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/#sign-in');

    fireEvent.click(screen.getByRole('button', { name: 'Hide the welcome offer' }));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('docked in the side menu: opens by itself without taking the focus; folding and opening move it', async () => {
    answer();
    renderWithProviders(<IncentiveWidget docked />);
    await flush();
    expect(screen.getByRole('button', { name: 'Show the welcome offer' })).toHaveAttribute('aria-expanded', 'false');
    await flush(2_000);
    expect(screen.getByRole('timer')).toHaveTextContent('14:58');
    expect(screen.getByRole('heading', { name: 'Your welcome gift' })).toBeInTheDocument();
    const hide = screen.getByRole('button', { name: 'Hide the welcome offer' });
    expect(hide).not.toHaveFocus();

    fireEvent.click(hide);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show the welcome offer' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Show the welcome offer' }));
    expect(screen.getByRole('button', { name: 'Hide the welcome offer' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/#sign-in');
  });

  it('a folded offer stays folded after a reload, for as long as it runs, until opened again', async () => {
    answer();
    const first = renderWithProviders(<IncentiveWidget />);
    await flush(2_000);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the welcome offer' }));
    expect(useIncentiveStore.getState().incentiveHidden).toBe(START / 1000);
    first.unmount();

    // A reload a minute later: the gift button is there, the offer does not open by itself.
    await flush(60_000);
    const second = renderWithProviders(<IncentiveWidget />);
    await flush(10_000);
    expect(screen.getByRole('button', { name: 'Show the welcome offer' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    // Opened again by the visitor, it opens by itself on the next reload.
    fireEvent.click(screen.getByRole('button', { name: 'Show the welcome offer' }));
    expect(screen.getByRole('timer')).toHaveTextContent('13:48');
    expect(useIncentiveStore.getState().incentiveHidden).toBeNull();
    second.unmount();
    renderWithProviders(<IncentiveWidget />);
    await flush(2_000);
    expect(screen.getByRole('timer')).toBeInTheDocument();
  });

  it('ticks each second, shows the expired text after zero and disappears 60 s later', async () => {
    answer();
    renderWithProviders(<IncentiveWidget />);
    await flush(2_000);
    await flush(1_000);
    expect(screen.getByRole('timer')).toHaveTextContent('14:57');
    await flush(14 * 60_000 + 57_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('This offer has expired.')).toBeInTheDocument();
    await flush(60_000);
    expect(screen.getByText('This offer has expired.')).toBeInTheDocument();
    await flush(1_000);
    expect(screen.queryByRole('button', { name: /welcome offer/ })).not.toBeInTheDocument();
  });

  it('counts from the timestamp the server keeps, and stores it', async () => {
    const earlier = START / 1000 - 10 * 60;
    useIncentiveStore.setState({ incentiveTsp: earlier + 5 });
    answer({ incentive_tsp: earlier });
    renderWithProviders(<IncentiveWidget />);
    await flush(2_000);
    expect(screen.getByRole('timer')).toHaveTextContent('04:58');
    expect(useIncentiveStore.getState().incentiveTsp).toBe(earlier);
  });

  it('shows the preview image, the free video and the voucher when the server offers both', async () => {
    answer({ video_id: 12, voucher_percent: 20 });
    renderWithProviders(<IncentiveWidget />);
    await flush(2_000);
    expect(screen.getByRole('img', { name: 'Preview of your free video' })).toHaveAttribute(
      'src',
      '/api/videos/image/12/1',
    );
    expect(screen.getByText(/get a free video/)).toBeInTheDocument();
    expect(screen.getByText('Plus 20 % extra coins on your first purchase.')).toBeInTheDocument();
  });

  it('names only the voucher when the server offers no video', async () => {
    answer({ video_id: null, voucher_percent: 20 });
    renderWithProviders(<IncentiveWidget />);
    await flush(2_000);
    expect(screen.getByText(/Sign up now and get 20 % extra coins/)).toBeInTheDocument();
    expect(screen.queryByText(/get a free video/)).not.toBeInTheDocument();
  });

  it('stays hidden for members and after login (disabled marker)', async () => {
    answer();
    const { unmount } = renderWithProviders(<IncentiveWidget />, { user: testUser() });
    await flush(3_000);
    expect(screen.queryByRole('button', { name: /welcome offer/ })).not.toBeInTheDocument();
    unmount();

    useIncentiveStore.setState({ incentiveTsp: INCENTIVE_DISABLED });
    renderWithProviders(<IncentiveWidget />);
    await flush(3_000);
    expect(screen.queryByRole('button', { name: /welcome offer/ })).not.toBeInTheDocument();
    expect(incentiveCalls()).toHaveLength(0);
  });

  it('stays hidden while the server call has not finished', async () => {
    fetchSpy.mockImplementation(() => new Promise(() => {}));
    renderWithProviders(<IncentiveWidget />);
    await flush(3_000);
    expect(screen.queryByRole('button', { name: /welcome offer/ })).not.toBeInTheDocument();
  });
});
