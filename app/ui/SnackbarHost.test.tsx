import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { SNACKBAR_TIMEOUT_MS } from '#common/constants.ts';
import { SnackbarHost } from './SnackbarHost.tsx';
import { notify, useSnackbarStore } from './snackbar.ts';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useSnackbarStore.setState({ queue: [] });
});

describe('SnackbarHost', () => {
  it('shows queued notices one after another, each for the default time', async () => {
    renderWithProviders(<SnackbarHost />);
    act(() => {
      notify('update.message', 'info');
      notify('consent.title', 'success');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('A new version of the site is available.');
    await act(() => vi.advanceTimersByTimeAsync(SNACKBAR_TIMEOUT_MS - 100));
    expect(screen.getByRole('alert')).toHaveTextContent('A new version');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('alert')).toHaveTextContent('Your privacy');
  });

  it('shows a notice’s link as a button that goes to the page and closes it', async () => {
    vi.useRealTimers();
    renderWithProviders(<SnackbarHost />);
    act(() => {
      notify('favorites.online_notice.text', 'info', {
        params: { name: 'Anna' },
        link: { to: '/chat/u-anna/anna', labelKey: 'favorites.online_notice.open' },
      });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Anna is online now.');
    const link = screen.getByRole('link', { name: 'Go to her show' });
    expect(link).toHaveAttribute('href', '/chat/u-anna/anna');
    act(() => link.click());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
