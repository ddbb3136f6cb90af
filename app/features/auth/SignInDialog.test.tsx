import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { SignInDialog } from './SignInDialog.tsx';
import { mockApi } from './testing.ts';

describe('#sign-in dialog', () => {
  it('holds the register and login tabs; a login closes it', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse({ user: testUser() }) });
    const onClose = vi.fn();
    renderWithProviders(<SignInDialog open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: i18n.t('users.signup2.title') })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: i18n.t('users.signup2.tabs.register') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: i18n.t('users.signup2.tabs.login') }));
    await user.type(screen.getByLabelText(/user name or e-mail/i), 'demo');
    await user.type(screen.getByLabelText(/^password/i), 'pw');
    await user.click(screen.getByRole('button', { name: i18n.t('login.submit') }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
