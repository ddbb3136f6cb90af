import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/http.ts';
import { readClientLog } from '#app/platform/client-log.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

afterEach(() => vi.restoreAllMocks());

describe('ErrorPage', () => {
  it('401: the logged-out message with the support address', async () => {
    renderWithProviders(<ErrorPage error={new ApiError(401, null)} />, {
      config: { supportEmail: 'help@example.org' },
    });
    expect(screen.getByRole('heading', { name: 'You are logged out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@example.org' })).toHaveAttribute('href', 'mailto:help@example.org');
    expect(readClientLog()).toEqual([]);
  });

  it('404: "no result" with a button home, also as the not-found page', () => {
    renderWithProviders(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { name: 'No result' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the home page' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('No result · LiveCam');
  });

  it('anything else: the maintenance title and body, and the error is logged', () => {
    renderWithProviders(<ErrorPage error={{ statusCode: 503 }} />);
    expect(screen.getByRole('heading', { name: "We'll be right back" })).toBeInTheDocument();
    expect(screen.getByText(/working on the site/)).toBeInTheDocument();
    expect(screen.getByText('503')).toBeInTheDocument();
    expect(readClientLog()).toMatchObject([{ level: 1, message: expect.stringContaining('503') }]);
  });

  it('takes the status from a response and defaults to 500', () => {
    const { unmount } = renderWithProviders(<ErrorPage error={{ response: { status: 404 } }} />);
    expect(screen.getByRole('heading', { name: 'No result' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ErrorPage error={new Error('render failed')} />);
    expect(screen.getByText('500')).toBeInTheDocument();
  });

  it('speaks German', () => {
    renderWithProviders(<NotFoundPage />, { lang: 'de' });
    expect(screen.getByRole('heading', { name: 'Kein Ergebnis' })).toBeInTheDocument();
  });

  it('shows a plain message with a link home when the error page itself fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const hostile = {
      get statusCode(): number {
        throw new Error('unreadable');
      },
    };
    renderWithProviders(<ErrorPage error={hostile} />);
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while showing the error page.');
    expect(screen.getByRole('link', { name: 'To the home page' })).toHaveAttribute('href', '/');
  });
});
