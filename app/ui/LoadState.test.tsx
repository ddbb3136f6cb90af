import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { LoadState } from './LoadState.tsx';

describe('LoadState', () => {
  it('loading with a text: a status that says it, the spinner hidden from screen readers', () => {
    renderWithProviders(<LoadState kind="loading" text="Checking…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Checking…');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('loading without a text: a status holding a spinner named by its label', () => {
    renderWithProviders(<LoadState kind="loading" label="Loading messages" size={24} />);
    expect(screen.getByRole('status')).toContainElement(screen.getByRole('progressbar', { name: 'Loading messages' }));
  });

  it('loading as placeholder rows: a busy status named by its label', () => {
    renderWithProviders(<LoadState kind="loading" label="Loading orders" rows={{ count: 3, height: 40 }} />);
    const status = screen.getByRole('status', { name: 'Loading orders' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status.children).toHaveLength(3);
  });

  it('error: an alert with a retry that calls back', async () => {
    const retry = vi.fn();
    renderWithProviders(
      <LoadState kind="error" text="Could not load." retry={{ label: 'Try again', onClick: retry }} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('error, plain: a line of text, a status only when announced', () => {
    const { unmount } = renderWithProviders(<LoadState kind="error" plain text="Failed." />);
    expect(screen.getByText('Failed.')).not.toHaveAttribute('role');
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    renderWithProviders(<LoadState kind="error" plain announce text="Failed." />);
    expect(screen.getByRole('status')).toHaveTextContent('Failed.');
  });

  it('empty: a quiet line, or a prompt with the way on', () => {
    const { unmount } = renderWithProviders(<LoadState kind="empty" text="Nothing yet." />);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    unmount();
    renderWithProviders(
      <LoadState kind="empty" prompt announce text="No favorites." action={{ label: 'Browse shows', to: '/' }} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('No favorites.');
    expect(screen.getByRole('link', { name: 'Browse shows' })).toHaveAttribute('href', '/');
  });
});
