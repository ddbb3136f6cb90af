import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testUser } from '#app/test/render.tsx';
import { HashDialogs } from './HashDialogs.tsx';

const pressEscape = () => act(() => fireEvent.keyDown(window, { key: 'Escape' }));

describe('HashDialogs', () => {
  it('Escape removes a dialog hash and keeps the page', async () => {
    const { router } = renderWithProviders(<HashDialogs />, { route: '/faq?x=1#nicknames', user: testUser() });
    await pressEscape();
    expect(router.state.location).toMatchObject({ pathname: '/faq', search: '?x=1', hash: '' });
  });

  it('Escape keeps the persistent #sign-in-success', async () => {
    const { router } = renderWithProviders(<HashDialogs />, { route: '/#sign-in-success' });
    await pressEscape();
    expect(router.state.location.hash).toBe('#sign-in-success');
  });

  it('Escape keeps the open chat', async () => {
    const { router } = renderWithProviders(<HashDialogs />, { route: '/#enter_chat' });
    await pressEscape();
    expect(router.state.location.hash).toBe('#enter_chat');
  });

  it('loads and opens the sign-in dialog for #sign-in, for visitors only', async () => {
    renderWithProviders(<HashDialogs />, { route: '/#sign-in' });
    expect(await screen.findByRole('dialog', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('does not open #sign-in for a member', async () => {
    renderWithProviders(<HashDialogs />, { route: '/#sign-in', user: testUser() });
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
