import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { useMessagePopupOption } from '#app/features/messages/store.ts';
import { i18n } from '#app/i18n.ts';
import { useShellStore } from '#app/platform/store.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { SettingsPage } from './SettingsPage.tsx';

const member = testUser();

afterEach(() => {
  useShellStore.getState().setLayout('redhot');
  void i18n.changeLanguage('en');
});

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('settings page', () => {
  it('visitors are asked to log in', () => {
    renderWithProviders(<SettingsPage />, { route: '/users/profile/settings' });
    expect(screen.getByRole('link', { name: i18n.t('profile.members_only.login') })).toHaveAttribute('href', '/login');
  });

  it('a layout applies at once and is saved', async () => {
    const api = mockApi({ 'PUT /api/user/update': () => jsonResponse({ user: testUser({ theme: 'greenhorn' }) }) });
    renderWithProviders(<SettingsPage />, { user: member });
    await choose(i18n.t('profile.settings.theme'), i18n.t('profile.settings.themes.greenhorn'));
    expect(useShellStore.getState().layout).toBe('greenhorn');
    expect(document.documentElement).toHaveClass('layout-greenhorn');
    expect(api.callsTo('PUT /api/user/update')[0]?.body).toEqual({ theme: 'greenhorn' });
  });

  it('a language applies at once and is saved', async () => {
    const api = mockApi({ 'PUT /api/user/update': () => jsonResponse({ user: testUser({ locale: 'de' }) }) });
    renderWithProviders(<SettingsPage />, { user: member });
    await choose(i18n.t('profile.settings.language'), 'Deutsch');
    expect(i18n.language).toBe('de');
    expect(api.callsTo('PUT /api/user/update')[0]?.body).toEqual({ locale: 'de' });
    expect(
      await screen.findByRole('heading', { name: i18n.getFixedT('de')('profile.settings.title') }),
    ).toBeInTheDocument();
  });

  it('newsletter and history switches save', async () => {
    const api = mockApi({
      'PUT /api/user/update_newsletter': () => jsonResponse({ user: testUser({ newsletter: true }) }),
      'PUT /api/user/update': () => jsonResponse({ user: testUser({ newsletter: true, show_history: false }) }),
    });
    renderWithProviders(<SettingsPage />, { user: member });
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: i18n.t('profile.settings.newsletter') }));
    await user.click(screen.getByRole('switch', { name: i18n.t('profile.settings.show_history') }));
    expect(await screen.findByRole('switch', { name: i18n.t('profile.settings.newsletter') })).toBeChecked();
    expect(api.callsTo('PUT /api/user/update_newsletter')[0]?.body).toEqual({ newsletter: true });
    expect(api.callsTo('PUT /api/user/update')[0]?.body).toEqual({ show_history: false });
  });

  it('the message mail switch saves; the pop-up switch is this browser’s', async () => {
    const api = mockApi({
      'PUT /api/user/update': () => jsonResponse({ user: testUser({ message_mail: false }) }),
    });
    renderWithProviders(<SettingsPage />, { user: member });
    const user = userEvent.setup();
    const mail = screen.getByRole('switch', { name: i18n.t('profile.settings.message_mail') });
    expect(mail).toBeChecked();
    await user.click(mail);
    expect(api.callsTo('PUT /api/user/update')[0]?.body).toEqual({ message_mail: false });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: i18n.t('profile.settings.message_mail') })).not.toBeChecked(),
    );
    const popup = screen.getByRole('switch', { name: i18n.t('messages.popup.option') });
    expect(popup).toBeChecked();
    await user.click(popup);
    expect(popup).not.toBeChecked();
    expect(useMessagePopupOption.getState().enabled).toBe(false);
    expect(api.callsTo('PUT /api/user/update')).toHaveLength(1);
    act(() => useMessagePopupOption.getState().setEnabled(true));
  });

  it('the favorite mail switch saves', async () => {
    const api = mockApi({
      'PUT /api/user/update': () => jsonResponse({ user: testUser({ favorite_mail: false }) }),
    });
    renderWithProviders(<SettingsPage />, { user: member });
    const mail = screen.getByRole('switch', { name: i18n.t('profile.settings.favorite_mail') });
    expect(mail).toBeChecked();
    await userEvent.setup().click(mail);
    expect(api.callsTo('PUT /api/user/update')[0]?.body).toEqual({ favorite_mail: false });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: i18n.t('profile.settings.favorite_mail') })).not.toBeChecked(),
    );
  });

  // Typing into two fields of a page with every settings section takes long on a busy machine.
  it('changes the password; a wrong current one shows on its field', { timeout: 30_000 }, async () => {
    const api = mockApi({
      'PUT /api/user/update': ({ body }) =>
        (body as { current_password: string }).current_password === 'wrong-one'
          ? apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { current_password: ['errors.validations.password_wrong'] },
            })
          : jsonResponse({ user: member }),
    });
    renderWithProviders(<SettingsPage />, { user: member });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^current password/i), 'wrong-one');
    await user.type(screen.getByLabelText(/^new password/i), 'new-password-1');
    await user.click(screen.getByRole('button', { name: i18n.t('profile.password.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.password_wrong'))).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^current password/i));
    await user.type(screen.getByLabelText(/^current password/i), 'right-one');
    await user.click(screen.getByRole('button', { name: i18n.t('profile.password.submit') }));
    expect(await screen.findByText(i18n.t('profile.password.done'))).toBeInTheDocument();
    expect(api.callsTo('PUT /api/user/update')[1]?.body).toEqual({
      current_password: 'right-one',
      new_password: 'new-password-1',
    });
  });

  it('asks for a new address with the password and says a mail is on its way', async () => {
    const api = mockApi({ 'POST /api/user/reset_email': () => jsonResponse({ ok: true }) });
    renderWithProviders(<SettingsPage />, { user: member });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^new e-mail address/i), 'Next@Example.org');
    await user.type(screen.getByLabelText(/^your password/i), 'pw');
    await user.click(screen.getByRole('button', { name: i18n.t('profile.email.submit') }));
    expect(await screen.findByText(i18n.t('profile.email.sent', { email: 'next@example.org' }))).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/reset_email')[0]?.body).toEqual({ email: 'next@example.org', password: 'pw' });
  });

  it('links to cancelling the account', () => {
    renderWithProviders(<SettingsPage />, { user: member });
    expect(screen.getByRole('link', { name: i18n.t('profile.cancel.link') })).toHaveAttribute('href', '/users/cancel');
  });
});
