import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import { WelcomeDialog } from './WelcomeDialog.tsx';

afterEach(() => vi.restoreAllMocks());

/** The server as the dialog meets it: the gift video's detail, welcome_shown and the session reload. */
function serve(video: { status: number; title?: string } = { status: 200, title: 'Sunset at the lake' }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/csrf-cookie') return new Response(null, { status: 204 });
    if (url === '/api/session/welcome_shown') return jsonResponse({ ok: true });
    if (url === '/api/videos/4') return jsonResponse({ id: 4, title: video.title }, video.status);
    return jsonResponse({ session: testSession(), user: testUser() });
  });
}
const calls = (spy: ReturnType<typeof serve>) =>
  spy.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

describe('WelcomeDialog', () => {
  it('shows the gift video with the way to watch it and the bonus; closing reports it shown', async () => {
    const fetchSpy = serve();
    renderWithProviders(<WelcomeDialog />, {
      user: testUser(),
      session: { welcome_dialog: { video: 4, voucher: 15 } },
    });
    const dialog = screen.getByRole('dialog', { name: 'Welcome!' });
    expect(within(dialog).getByText('Free for you: this video, every part of it.')).toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { name: 'Sunset at the lake' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '/videos/clip/4');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/api/videos/image/4/1');
    expect(within(dialog).getByText(/15 % bonus voucher/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Show my vouchers' })).toHaveAttribute(
      'href',
      '/users/profile/coupons',
    );
    fireEvent.click(screen.getByRole('button', { name: "Let's go" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls(fetchSpy)).toContain('GET /api/session/init'));
    expect(calls(fetchSpy).filter((c) => c === 'POST /api/session/welcome_shown')).toHaveLength(1);
    expect(calls(fetchSpy).indexOf('POST /api/session/welcome_shown')).toBeLessThan(
      calls(fetchSpy).indexOf('GET /api/session/init'),
    );
  });

  it('following the video link counts as seen too', async () => {
    const fetchSpy = serve();
    renderWithProviders(<WelcomeDialog />, {
      user: testUser(),
      session: { welcome_dialog: { video: 4, voucher: null } },
      routes: [{ path: '/videos/clip/:id', element: <p>clip page</p> }],
    });
    expect(screen.queryByText(/bonus voucher/)).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('link', { name: 'Watch now' }));
    expect(await screen.findByText('clip page')).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchSpy)).toContain('POST /api/session/welcome_shown'));
  });

  it('speaks German', async () => {
    serve({ status: 404 });
    renderWithProviders(<WelcomeDialog />, {
      lang: 'de',
      user: testUser(),
      session: { welcome_dialog: { video: 4, voucher: 10 } },
    });
    const dialog = screen.getByRole('dialog', { name: 'Willkommen!' });
    expect(within(dialog).getByRole('link', { name: 'Jetzt ansehen' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Bonus-Gutschein über 10 %/)).toBeInTheDocument();
    // A video the page cannot load still leaves the gift and its link.
    expect(await within(dialog).findByRole('heading', { name: 'Ihr Geschenk-Video' })).toBeInTheDocument();
  });

  it('is not shown to visitors or without a gift', () => {
    renderWithProviders(<WelcomeDialog />, { session: { welcome_dialog: { video: 4, voucher: null } } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown to a member without a gift', () => {
    renderWithProviders(<WelcomeDialog />, { user: testUser(), session: { welcome_dialog: null } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
