import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { PushOptIn } from './PushOptIn.tsx';
import { fakePush, noPush, SUBSCRIPTION_JSON } from './testing.ts';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const toggle = () => screen.getByRole('switch', { name: 'Notify me on this device' });

describe('PushOptIn', () => {
  it('says so in a browser without push, with no switch', async () => {
    noPush();
    renderWithProviders(<PushOptIn />, { user: testUser() });
    expect(await screen.findByText(/cannot show notifications from websites/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says how to allow notifications when the site is blocked', async () => {
    fakePush({ permission: 'denied' });
    renderWithProviders(<PushOptIn />, { user: testUser(), lang: 'de' });
    expect(await screen.findByText(/Benachrichtigungen sind für diese Seite blockiert/)).toBeInTheDocument();
  });

  it('off -> on: asks for the permission only after the click, then sends the subscription', async () => {
    const push = fakePush();
    const api = mockApi({
      'GET /api/push/key': () => jsonResponse({ public_key: KEY }),
      'POST /api/push/subscriptions': () => jsonResponse({ ok: true }),
    });
    renderWithProviders(<PushOptIn />, { user: testUser() });
    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(push.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(toggle());
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.callsTo('POST /api/push/subscriptions').map((c) => c.body)).toEqual([SUBSCRIPTION_JSON]);
    expect(screen.getByText('This device gets notifications.')).toBeInTheDocument();
  });

  it('on -> off: the server forgets the device, the browser ends the subscription', async () => {
    const push = fakePush({ permission: 'granted', subscribed: true });
    const api = mockApi({ 'POST /api/push/unsubscribe': () => jsonResponse({ ok: true }) });
    renderWithProviders(<PushOptIn />, { user: testUser() });
    await waitFor(() => expect(toggle()).toBeChecked());
    await userEvent.click(toggle());
    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(api.callsTo('POST /api/push/unsubscribe').map((c) => c.body)).toEqual([
      { endpoint: SUBSCRIPTION_JSON.endpoint },
    ]);
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    expect(push.requestPermission).not.toHaveBeenCalled();
  });

  it('a failed subscription says so and stays off', async () => {
    const push = fakePush();
    push.pushManager.subscribe.mockRejectedValueOnce(new DOMException('push service error', 'AbortError'));
    mockApi({ 'GET /api/push/key': () => jsonResponse({ public_key: KEY }) });
    renderWithProviders(<PushOptIn />, { user: testUser() });
    await waitFor(() => expect(toggle()).not.toBeChecked());
    await userEvent.click(toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be turned on.');
    expect(toggle()).not.toBeChecked();
  });
});
