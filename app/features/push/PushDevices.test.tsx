import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { PushDevices } from './PushDevices.tsx';

const device = (id: number, label: string) => ({ id, label, created_at: '2026-11-20T10:00:00.000Z' });

describe('PushDevices', () => {
  it('lists the devices and removes one', { timeout: 30_000 }, async () => {
    let devices = [device(1, 'Chrome on Android'), device(2, 'Firefox on Windows')];
    const api = mockApi({
      'GET /api/push/subscriptions': () => jsonResponse({ data: devices }),
      'DELETE /api/push/subscriptions/1': () => {
        devices = devices.filter((d) => d.id !== 1);
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<PushDevices />, { user: testUser() });
    const list = await screen.findByRole('list', { name: 'Devices with notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByText('Since 11/20/2026')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Chrome on Android' }));
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(screen.getByText('Firefox on Windows')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/push/subscriptions/1')).toHaveLength(1);
  });

  it('says when no device gets notifications, in German too', async () => {
    mockApi({ 'GET /api/push/subscriptions': () => jsonResponse({ data: [] }) });
    renderWithProviders(<PushDevices />, { user: testUser(), lang: 'de' });
    expect(await screen.findByText(/Noch kein Gerät/)).toBeInTheDocument();
  });
});
