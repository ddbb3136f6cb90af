import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import * as clientLog from '#app/platform/client-log.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { Favorite } from '#common/api/favorites.ts';
import * as clientClock from './client-clock.ts';
import { NotificationWindowDialog } from './NotificationWindowDialog.tsx';
import { favoriteRow } from './testing.ts';

function renderDialog(favorite: Favorite, lang: 'en' | 'de' = 'en') {
  const onClose = vi.fn();
  renderWithProviders(<NotificationWindowDialog favorite={favorite} onClose={onClose} />, { user: testUser(), lang });
  return onClose;
}

const radio = (name: string) => screen.getByRole('radio', { name });
const pick = async (combobox: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  const listbox = await screen.findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: option }));
};
const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** A browser in Berlin in winter: what it sends carries +01:00 and its zone. */
beforeEach(() => {
  vi.spyOn(clientClock, 'clientClock').mockReturnValue({ offset: 60, timeZone: 'Europe/Berlin' });
});
afterEach(() => vi.restoreAllMocks());
const sent = (start: string | null, end: string | null) => ({
  info_start: start && `${start}:00+01:00`,
  info_end: end && `${end}:00+01:00`,
  time_zone: 'Europe/Berlin',
});

describe('favorite notification window', () => {
  it('opens off when no start is stored', () => {
    renderDialog(favoriteRow());
    expect(radio('Off')).toBeChecked();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('opens daily for midnight to midnight, in whatever offset', () => {
    renderDialog(favoriteRow({ info_start: '00:00:00+02:00', info_end: '00:00:00+02:00' }));
    expect(radio('Daily, all day')).toBeChecked();
  });

  it('shows a stored time span (ISO times) in the pickers', () => {
    renderDialog(favoriteRow({ info_start: '18:30:00+01:00', info_end: '23:45:00+01:00' }));
    expect(radio('Time span')).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'From Hour' })).toHaveTextContent('18');
    expect(screen.getByRole('combobox', { name: 'From Minute' })).toHaveTextContent('30');
    expect(screen.getByRole('combobox', { name: 'Until Hour' })).toHaveTextContent('23');
    expect(screen.getByRole('combobox', { name: 'Until Minute' })).toHaveTextContent('45');
  });

  it('off with no earlier setting just closes, without a request', async () => {
    const api = mockApi({});
    const onClose = renderDialog(favoriteRow());
    await userEvent.click(saveButton());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(0);
  });

  it('daily saves midnight to midnight as ISO times with the offset and the zone', async () => {
    const api = mockApi({
      'PUT /api/favorites/u-anna': (c) => jsonResponse({ data: favoriteRow(c.body as Partial<Favorite>) }),
    });
    const onClose = renderDialog(favoriteRow());
    await userEvent.click(radio('Daily, all day'));
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /api/favorites/u-anna')[0]?.body).toEqual(sent('00:00', '00:00'));
  });

  it('off after a setting saves nulls', async () => {
    const api = mockApi({ 'PUT /api/favorites/u-anna': () => jsonResponse({ data: favoriteRow() }) });
    const onClose = renderDialog(favoriteRow({ info_start: '00:00:00+01:00', info_end: '00:00:00+01:00' }));
    await userEvent.click(radio('Off'));
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /api/favorites/u-anna')[0]?.body).toEqual(sent(null, null));
  });

  it('a time span needs both times: the empty one shows the required message and nothing is sent', async () => {
    const api = mockApi({});
    const onClose = renderDialog(favoriteRow());
    await userEvent.click(radio('Time span'));
    await pick('From Hour', '20');
    await userEvent.click(saveButton());
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Until Hour' })).toHaveAttribute(
      'aria-describedby',
      'favorite-window-end-error',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });

  it('offers 24 hours and the minutes in steps of 15; saves the picked span as ISO times', async () => {
    const api = mockApi({ 'PUT /api/favorites/u-anna': () => jsonResponse({ data: favoriteRow() }) });
    const onClose = renderDialog(favoriteRow());
    await userEvent.click(radio('Time span'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'From Hour' }));
    const hours = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(hours.map((o) => o.textContent)).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    await userEvent.click(hours[22] as HTMLElement);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'From Minute' }));
    const minutes = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(minutes.map((o) => o.textContent)).toEqual(['00', '15', '30', '45']);
    await userEvent.click(minutes[1] as HTMLElement);
    await pick('Until Hour', '02');
    await pick('Until Minute', '45');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /api/favorites/u-anna')[0]?.body).toEqual(sent('22:15', '02:45'));
  });

  it('a failed save is only logged, and the dialog closes', async () => {
    const log = vi.spyOn(clientLog, 'logClientError').mockImplementation(() => {});
    mockApi({ 'PUT /api/favorites/u-anna': () => apiError(500, { error: 'internal', message: 'unknown_error' }) });
    const onClose = renderDialog(favoriteRow());
    await userEvent.click(radio('Daily, all day'));
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(log).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('speaks German', () => {
    renderDialog(favoriteRow({ info_start: '00:00:00+01:00', info_end: '00:00:00+01:00' }), 'de');
    expect(screen.getByRole('dialog', { name: 'Benachrichtigungszeitraum' })).toBeInTheDocument();
    expect(radio('Täglich, ganztägig')).toBeChecked();
  });
});
