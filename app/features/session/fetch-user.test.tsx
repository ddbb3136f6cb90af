import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import { useUser } from './api.ts';
import { announceSignedIn, useFetchUserMessages } from './fetch-user.ts';

/** What the shell shows of the session, and the listener it mounts. */
function Greeting() {
  useFetchUserMessages();
  const user = useUser();
  return <p>{user ? `Hello ${user.name}` : 'Logged out'}</p>;
}

const post = (data: unknown, origin = window.location.origin) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

const signedInAnswer = () => jsonResponse({ session: testSession(), user: testUser({ name: 'Erika' }) });

describe('the fetchUser message', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('makes a logged-out tab read its session with the route query, and show the login', async () => {
    window.history.replaceState(null, '', '/shows?webid=12');
    const api = mockApi({ 'GET /api/session/init': signedInAnswer });
    renderWithProviders(<Greeting />, { route: '/shows?webid=12' });
    expect(screen.getByText('Logged out')).toBeInTheDocument();
    await post('fetchUser');
    expect(await screen.findByText('Hello Erika')).toBeInTheDocument();
    expect(api.callsTo('GET /api/session/init')).toHaveLength(1);
    expect(api.callsTo('GET /api/session/init')[0]?.query.get('webid')).toBe('12');
  });

  it('takes the object form too, and is heard across tabs on the broadcast channel', async () => {
    const api = mockApi({ 'GET /api/session/init': signedInAnswer });
    renderWithProviders(<Greeting />);
    const otherTab = new BroadcastChannel('livecam-session');
    otherTab.postMessage({ type: 'fetchUser' });
    expect(await screen.findByText('Hello Erika')).toBeInTheDocument();
    expect(api.callsTo('GET /api/session/init')).toHaveLength(1);
    otherTab.close();
  });

  it('is ignored from another origin, in another shape, and while this tab is logged in', async () => {
    const api = mockApi({ 'GET /api/session/init': signedInAnswer });
    const { unmount } = renderWithProviders(<Greeting />);
    await post('fetchUser', 'https://evil.example');
    await post('fetchUsers');
    await post({ type: 'other' });
    unmount();
    renderWithProviders(<Greeting />, { user: testUser({ name: 'Anna' }) });
    await post('fetchUser');
    expect(screen.getByText('Hello Anna')).toBeInTheDocument();
    expect(api.callsTo('GET /api/session/init')).toHaveLength(0);
  });

  it('is what a window that signed in sends, on the broadcast channel', async () => {
    const heard: unknown[] = [];
    const listener = new BroadcastChannel('livecam-session');
    listener.onmessage = (event) => heard.push(event.data);
    announceSignedIn();
    await waitFor(() => expect(heard).toEqual(['fetchUser']));
    listener.close();
  });
});
