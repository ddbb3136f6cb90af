import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioMe, StudioShowSettingsBody } from '#common/api/studio.ts';
import { chatPrices } from '#common/domain/prices.ts';
import { studioMeQuery } from './api.ts';
import { StudioShowSettings } from './StudioShowSettings.tsx';

type Settings = Pick<StudioMe['show'], 'free' | 'pricePerMinute' | 'priceFactorExclusive' | 'exclusive'>;

const me = (s: Settings): StudioMe => ({
  performer: { id: 1, email: 'lena@example.com' },
  show: {
    universalId: '1001',
    showName: 'Lena Sun',
    online: true,
    messagePrice: 0,
    ...s,
    prices: chatPrices({ ...s, flags: { exclusive: s.exclusive } }),
  },
});

const START: Settings = { free: false, pricePerMinute: 30, priceFactorExclusive: 150, exclusive: 0 };

/** A studio server that keeps her settings and answers every save with them. */
function studioServer(start: Settings = START, patch?: (call: ApiCall) => Response | undefined) {
  let current = start;
  return mockApi({
    'GET /api/studio/me': () => jsonResponse(me(current)),
    'PATCH /api/studio/show': (call) => {
      const refused = patch?.(call);
      if (refused) return refused;
      current = { ...current, ...(call.body as StudioShowSettingsBody) };
      return jsonResponse(me(current));
    },
  });
}

/** The card as the studio mounts it: fed from her studio query, so saved answers flow back in. */
function Studio() {
  const me = useQuery(studioMeQuery);
  return me.data ? <StudioShowSettings show={me.data.show} /> : null;
}

const priceField = () => screen.getByRole('textbox', { name: /private chat, coins a minute/i });
const factorField = () => screen.getByRole('textbox', { name: /exclusive price, %/i });

async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

describe('the show settings card', () => {
  it('fills itself from her show, and works out the exclusive price as she types', async () => {
    studioServer({ ...START, exclusive: 1 });
    renderWithProviders(<Studio />);
    const card = await screen.findByRole('region', { name: 'Chat and prices' });
    expect(priceField()).toHaveValue('30');
    expect(within(card).getByRole('radio', { name: 'Offered besides private chat' })).toBeChecked();
    expect(factorField()).toHaveValue('150');
    const live = within(card).getByText('Exclusive chat: 45 coins a minute');
    expect(live).toHaveAttribute('role', 'status');
    await retype(priceField(), '40');
    expect(live).toHaveTextContent('Exclusive chat: 60 coins a minute');
    await retype(factorField(), '');
    expect(live).toHaveTextContent('Exclusive chat: enter the price and the percentage');
  });

  it('saves free chat at once when she switches it', async () => {
    const api = studioServer();
    renderWithProviders(<Studio />);
    const free = await screen.findByRole('switch', { name: 'Free chat' });
    expect(free).not.toBeChecked();
    expect(free).toHaveAccessibleDescription(/ends the free viewers' chats/);
    await userEvent.click(free);
    expect(free).toBeChecked();
    await waitFor(() => expect(api.callsTo('PATCH /api/studio/show').map((c) => c.body)).toEqual([{ free: true }]));
    await userEvent.click(free);
    await waitFor(() => expect(free).not.toBeChecked());
    expect(api.callsTo('PATCH /api/studio/show').map((c) => c.body)).toEqual([{ free: true }, { free: false }]);
  });

  it('says so when switching free chat fails, and shows the switch as it is', async () => {
    studioServer(START, () => apiError(500, { error: 'internal', message: 'unknown_error' }));
    renderWithProviders(<Studio />);
    const free = await screen.findByRole('switch', { name: 'Free chat' });
    await userEvent.click(free);
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work. Please try again.');
    expect(free).not.toBeChecked();
  });

  it('saves the prices together, and confirms it', async () => {
    const api = studioServer();
    renderWithProviders(<Studio />);
    await screen.findByRole('region', { name: 'Chat and prices' });
    expect(factorField()).toBeDisabled();
    await retype(priceField(), '45');
    await userEvent.click(screen.getByRole('radio', { name: 'Exclusive chat only' }));
    expect(factorField()).toBeEnabled();
    await retype(factorField(), '200');
    expect(screen.getByText('Exclusive chat: 90 coins a minute')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Your prices are saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/studio/show').map((c) => c.body)).toEqual([
      { pricePerMinute: 45, exclusive: 2, priceFactorExclusive: 200 },
    ]);
    // A new change takes the confirmation away until it is saved.
    await retype(priceField(), '50');
    expect(screen.queryByText('Your prices are saved.')).not.toBeInTheDocument();
  });

  it('shows the button busy while saving', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({
      'GET /api/studio/me': () => jsonResponse(me(START)),
      'PATCH /api/studio/show': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithProviders(<Studio />);
    await screen.findByRole('region', { name: 'Chat and prices' });
    await userEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /save prices/i })).toBeDisabled());
    answer(jsonResponse(me(START)));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save prices' })).toBeEnabled());
  });

  it('leaves the factor out while exclusive chat is not offered', async () => {
    const api = studioServer({ ...START, exclusive: 1 });
    renderWithProviders(<Studio />);
    await screen.findByRole('region', { name: 'Chat and prices' });
    await userEvent.click(screen.getByRole('radio', { name: 'Not offered' }));
    expect(factorField()).toBeDisabled();
    expect(screen.queryByText(/^Exclusive chat:/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await screen.findByText('Your prices are saved.');
    expect(api.callsTo('PATCH /api/studio/show').map((c) => c.body)).toEqual([{ pricePerMinute: 30, exclusive: 0 }]);
  });

  it('shows what is out of range at its field before anything is sent', async () => {
    const api = studioServer({ ...START, exclusive: 1 });
    renderWithProviders(<Studio />);
    await screen.findByRole('region', { name: 'Chat and prices' });
    await retype(priceField(), '0');
    await retype(factorField(), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Please enter a whole number from 1 to 999.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number from 100 to 500.')).toBeInTheDocument();
    expect(priceField()).toHaveAttribute('aria-invalid', 'true');
    expect(factorField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /api/studio/show')).toHaveLength(0);
  });

  it("shows the server's field errors at their fields, and other failures for the form", async () => {
    let attempts = 0;
    studioServer(START, () => {
      attempts += 1;
      return attempts === 1
        ? apiError(422, {
            error: 'validation_failed',
            message: 'validation_failed',
            errors: { pricePerMinute: ['errors.validations.whole_number_range'] },
          })
        : apiError(503, { error: 'unavailable', message: 'unavailable' });
    });
    renderWithProviders(<Studio />);
    await screen.findByRole('region', { name: 'Chat and prices' });
    await userEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Please enter a whole number from 1 to 999.')).toBeInTheDocument();
    expect(priceField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work. Please try again.');
  });

  it('is in German too', async () => {
    studioServer({ ...START, exclusive: 2 });
    renderWithProviders(<Studio />, { lang: 'de' });
    const card = await screen.findByRole('region', { name: 'Chat und Preise' });
    expect(within(card).getByRole('switch', { name: 'Gratis-Chat' })).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Nur Exklusiv-Chat' })).toBeChecked();
    expect(within(card).getByText('Exklusiv-Chat: 45 Coins pro Minute')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Preise speichern' })).toBeInTheDocument();
  });

  it('saves the message price on its own, and refuses one out of range before sending', async () => {
    const api = studioServer();
    renderWithProviders(<Studio />);
    const field = await screen.findByRole('textbox', { name: 'Price per message, coins' });
    expect(field).toHaveValue('0');
    await retype(field, '501');
    await userEvent.click(screen.getByRole('button', { name: 'Save message price' }));
    expect(await screen.findByText('Please enter a whole number from 0 to 500.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/studio/show')).toHaveLength(0);
    await retype(field, '25');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Your message price is saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/studio/show').map((c) => c.body)).toEqual([{ messagePrice: 25 }]);
    expect(field).toHaveValue('25');
  });
});
