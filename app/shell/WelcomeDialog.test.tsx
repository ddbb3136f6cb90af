import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import { WelcomeDialog } from './WelcomeDialog.tsx';

afterEach(() => vi.restoreAllMocks());

describe('WelcomeDialog', () => {
  it('greets a member with a gift; closing reports it shown and reloads the session', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/csrf-cookie') return new Response(null, { status: 204 });
      if (url === '/api/session/welcome_shown') return jsonResponse({ ok: true });
      return jsonResponse({ session: testSession(), user: testUser() });
    });
    renderWithProviders(<WelcomeDialog />, {
      user: testUser(),
      session: { welcome_dialog: { video: 4, voucher: 15 } },
    });
    expect(screen.getByRole('dialog', { name: 'Welcome!' })).toBeInTheDocument();
    expect(screen.getByText('A free video of your choice.')).toBeInTheDocument();
    expect(screen.getByText(/15 % bonus voucher/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: "Let's go" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const urls = () => fetchSpy.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
    await waitFor(() => expect(urls()).toContain('GET /api/session/init'));
    expect(urls().indexOf('POST /api/session/welcome_shown')).toBeLessThan(urls().indexOf('GET /api/session/init'));
    expect(urls()).toContain('POST /api/session/welcome_shown');
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
