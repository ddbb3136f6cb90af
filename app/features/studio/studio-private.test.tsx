import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioChatSession } from '#common/api/chat.ts';
import type { StudioLiveState } from '#common/api/live.ts';
import { StudioPage } from './StudioPage.tsx';
import { clock } from './StudioPrivate.tsx';
import { fakeMedia, studioMe } from './testing.ts';

const NOW = new Date('2027-01-15T21:00:00Z');

const session = (over: Partial<StudioChatSession> = {}): StudioChatSession => ({
  id: '3f0c7a52-3b7e-4a8e-9f5e-2d1c4b6a8e90',
  kind: 'private',
  nickname: 'NightOwl',
  // 2 minutes 5 seconds ago.
  startedAt: new Date(NOW.getTime() - 125_000).toISOString(),
  minutes: 3,
  earnings: 42,
  voyeurs: 2,
  ...over,
});

const live = (running: StudioChatSession | null): StudioLiveState => ({
  live: true,
  paused: false,
  viewers: [],
  session: running,
});

type Routes = Parameters<typeof mockApi>[0];

/** The studio, her live state answered from `state()` at each poll. */
function studio(state: () => StudioLiveState, opts: { lang?: 'en' | 'de'; routes?: Routes } = {}) {
  // Only the clock: the polls and the running time use real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  fakeMedia();
  const api = mockApi({
    'GET /api/studio/me': () => jsonResponse(studioMe(true)),
    'GET /api/studio/live': () => jsonResponse(state()),
    ...opts.routes,
  });
  renderWithProviders(<StudioPage />, { route: '/studio', lang: opts.lang ?? 'en' });
  return api;
}

/** Her private chat's card; the first render loads the catalog and the page, which takes a while under load. */
const findCard = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a private chat in the studio', () => {
  it('shows with whom, for how long, her earnings and the voyeurs, and announces it', async () => {
    studio(() => live(session()));
    const card = await findCard('Private chat with NightOwl');
    expect(within(card).getByText('2:05')).toBeInTheDocument();
    expect(within(card).getByText('42 coins')).toBeInTheDocument();
    expect(within(card).getByText('Voyeurs watching').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Private chat with NightOwl has started.')).toHaveAttribute('role', 'status');
  });

  it('shows an exclusive chat without voyeurs', async () => {
    studio(() => live(session({ kind: 'exclusive', earnings: 1, voyeurs: 0 })));
    const card = await findCard('Exclusive chat with NightOwl');
    expect(within(card).getByText('1 coin')).toBeInTheDocument();
    expect(within(card).queryByText('Voyeurs watching')).not.toBeInTheDocument();
    expect(within(card).getByText('Nobody else may watch an exclusive chat.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'End exclusive chat' })).toBeInTheDocument();
  });

  it('appears when a private starts while she is live', async () => {
    let running: StudioChatSession | null = null;
    studio(() => live(running));
    await screen.findByText('Lena Sun');
    expect(screen.queryByTestId('studio-private')).not.toBeInTheDocument();
    running = session();
    // The next poll (every 2 s) brings it.
    expect(await screen.findByText('Private chat with NightOwl has started.', {}, { timeout: 4000 })).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('region', { name: 'Private chat with NightOwl' })).toBeInTheDocument();
  });

  it('ends it only once she confirms, and says it ended', async () => {
    const user = userEvent.setup();
    let running: StudioChatSession | null = session();
    const api = studio(() => live(running), {
      routes: {
        'POST /api/studio/chat/end': () => {
          running = null;
          return jsonResponse(live(null));
        },
      },
    });
    const card = await findCard('Private chat with NightOwl');
    await user.click(within(card).getByRole('button', { name: 'End private chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the chat with NightOwl?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/studio/chat/end')).toHaveLength(0);
    await user.click(await within(card).findByRole('button', { name: 'End private chat' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End chat' }));
    await waitFor(() => expect(screen.queryByTestId('studio-private')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/studio/chat/end')).toHaveLength(1);
    expect(screen.getByText('The private chat has ended.')).toHaveAttribute('role', 'status');
  });

  it('says so when ending fails, and keeps the chat', async () => {
    const user = userEvent.setup();
    studio(() => live(session()), {
      routes: { 'POST /api/studio/chat/end': () => apiError(500, { message: 'errors.unknown_error' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'End private chat' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End chat' }));
    expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('studio-private')).toBeInTheDocument();
  });

  it('speaks German', async () => {
    studio(() => live(session()), { lang: 'de' });
    const card = await findCard('Privatchat mit NightOwl');
    expect(within(card).getByText('42 Coins')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Privatchat beenden' })).toBeInTheDocument();
  });
});

describe('clock', () => {
  it('counts minutes and seconds, and hours after an hour', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(125)).toBe('2:05');
    expect(clock(3725)).toBe('1:02:05');
  });
});
