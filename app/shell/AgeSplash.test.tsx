import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { jsonResponse, renderWithProviders, testSession } from '#app/test/render.tsx';
import { AgeSplash, SPLASH_LEAVE_URL } from './AgeSplash.tsx';

afterEach(() => vi.restoreAllMocks());

const dialog = () => screen.queryByRole('dialog', { name: /Adults only/ });

describe('AgeSplash', () => {
  it('asks until the session confirms the age, then confirms on the server and closes', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ session: testSession({ splash18_confirmed: true }) }));
    const { client } = renderWithProviders(<AgeSplash />, { session: { splash18_confirmed: false } });
    expect(dialog()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older – enter' }));
    await waitFor(() => expect(dialog()).not.toBeInTheDocument());
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/session/splash18');
    expect(fetchSpy.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(client.getQueryData(sessionQuery.queryKey)?.session.splash18_confirmed).toBe(true);
  });

  it('sends a visitor who leaves to a search engine', () => {
    const leave = vi.fn();
    renderWithProviders(<AgeSplash leave={leave} />, { session: { splash18_confirmed: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(leave).toHaveBeenCalledWith(SPLASH_LEAVE_URL);
    expect(SPLASH_LEAVE_URL).toMatch(/^https:\/\/www\.google\./);
  });

  it('links the legal pages in a new tab', () => {
    renderWithProviders(<AgeSplash />, { session: { splash18_confirmed: false } });
    const terms = screen.getByRole('link', { name: 'Terms' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Youth protection' })).toHaveAttribute('href', '/youth_protection');
  });

  it('is not shown once confirmed', () => {
    renderWithProviders(<AgeSplash />, { session: { splash18_confirmed: true } });
    expect(dialog()).not.toBeInTheDocument();
  });

  it('lets the linked legal pages be read without confirming', () => {
    renderWithProviders(<p>other</p>, {
      session: { splash18_confirmed: false },
      route: '/terms',
      routes: [{ path: '/terms', handle: { name: 'terms' }, element: <AgeSplash /> }],
    });
    expect(dialog()).not.toBeInTheDocument();
  });

  it('covers every other page', () => {
    renderWithProviders(<p>other</p>, {
      session: { splash18_confirmed: false },
      route: '/home',
      routes: [{ path: '/home', handle: { name: 'index' }, element: <AgeSplash /> }],
    });
    expect(dialog()).toBeInTheDocument();
  });
});
