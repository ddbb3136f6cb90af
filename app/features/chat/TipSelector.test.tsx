import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { TipSelector } from './TipSelector.tsx';

const SESSION = '0b6f8f1e-8c1a-4c55-9a55-3a1d1d7c2f10';
const TIP = `POST /api/chatsession/tip/${SESSION}`;

const renderTip = (opts: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(<TipSelector sessionId={SESSION} showName="Anna" />, { user: testUser({ coins: 90 }), ...opts });

const openMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Tip' }));
  return screen.findByRole('dialog', { name: 'Tip Anna' });
};

/** An answer that waits until the test lets it go. */
function held(body: unknown, status = 200) {
  let release = () => {};
  const answer = new Promise<Response>((resolve) => {
    release = () => resolve(jsonResponse(body, status));
  });
  return { answer, release: () => release() };
}

describe('tip selector', () => {
  it('offers the configured amounts and sends the chosen one with a key; the balance follows', async () => {
    const api = mockApi({ [TIP]: () => jsonResponse({ ok: true, coins: 65 }) });
    const { client } = renderTip({
      config: { chat: { tip_amounts: [5, 25, 50], minute_seconds: 60, voyeur_percent: 50, free_guest_seconds: 300 } },
    });
    const dialog = await openMenu();
    const group = within(dialog).getByRole('group', { name: 'Tip amounts' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['5 coins', '25 coins', '50 coins']);
    await userEvent.click(within(group).getByRole('button', { name: '25 coins' }));
    expect(await within(dialog).findByText('Thank you! Anna received your tip of 25 coins.')).toBeInTheDocument();
    const [call] = api.callsTo(TIP);
    expect(call?.body).toEqual({ amount: 25, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.coins).toBe(65);
  });

  it('sends one request for a double click, with the buttons disabled while it is under way', async () => {
    const pending = held({ ok: true, coins: 80 });
    const api = mockApi({ [TIP]: () => pending.answer });
    renderTip();
    const dialog = await openMenu();
    const ten = within(dialog).getByRole('button', { name: '10 coins' });
    await userEvent.dblClick(ten);
    for (const button of within(dialog).getAllByRole('button', { name: /coins$/ })) expect(button).toBeDisabled();
    expect(within(dialog).getByText('Sending your tip…')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '25 coins' }), { pointerEventsCheck: 0 });
    pending.release();
    await within(dialog).findByText(/received your tip of 10 coins/);
    expect(api.callsTo(TIP)).toHaveLength(1);
  });

  it('draws a new key for each opening, and keeps it for a retry in the same one', async () => {
    let fail = true;
    const api = mockApi({
      [TIP]: () =>
        fail ? apiError(500, { error: 'internal', message: 'unknown_error' }) : jsonResponse({ ok: true, coins: 1 }),
    });
    renderTip();
    let dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('button', { name: '10 coins' }));
    expect(await within(dialog).findByText('The tip could not be sent. Please try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: '10 coins' }));
    await within(dialog).findByText(/received your tip/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('button', { name: '50 coins' }));
    await within(dialog).findByText(/received your tip of 50 coins/);
    const keys = api.callsTo(TIP).map((c) => (c.body as { key: string }).key);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('says when the coins do not cover the tip, with a link to buy more', async () => {
    mockApi({
      [TIP]: () =>
        apiError(402, { error: 'no_coins', message: 'chat.no_coins', errors: { 'chat.no_coins': ['chat.no_coins'] } }),
    });
    renderTip({ lang: 'de' });
    await userEvent.click(screen.getByRole('button', { name: 'Trinkgeld' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anna Trinkgeld geben' });
    await userEvent.click(within(dialog).getByRole('button', { name: '100 Coins' }));
    expect(await within(dialog).findByText(/Sie haben nicht genug Coins/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Coins kaufen' })).toHaveAttribute('href', '/billing');
    expect(within(dialog).getByRole('button', { name: '10 Coins' })).toBeEnabled();
  });

  it('says when the chat ended before the tip arrived', async () => {
    mockApi({ [TIP]: () => apiError(409, { error: 'conflict', message: 'conflict' }) });
    renderTip();
    const dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('button', { name: '10 coins' }));
    expect(await within(dialog).findByText('The chat has ended; the tip was not sent.')).toBeInTheDocument();
  });

  it('is not there for guests, nor during a voice call', async () => {
    renderTip({ user: null });
    renderTip({ session: { voicecall: true } });
    // A member's selector beside them: it shows, they do not.
    renderTip();
    await screen.findByRole('button', { name: 'Tip' });
    expect(screen.getAllByRole('button', { name: 'Tip' })).toHaveLength(1);
  });
});
