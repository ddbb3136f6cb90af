import { WebAuthnError } from '@simplewebauthn/browser';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { Passkey } from '#common/api/passkeys.ts';
import { PasskeysSection } from './PasskeysSection.tsx';

// The browser's passkey prompts are replaced; the section, its dialogs and the calls are real.
const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  ...webauthn,
}));

const phone: Passkey = {
  id: 4,
  name: 'Phone',
  created_at: '2026-03-01T10:00:00.000Z',
  last_used_at: null,
  transports: ['internal'],
};
const attestation = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA', transports: ['internal'] },
  clientExtensionResults: {},
};
const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

afterEach(() => {
  webauthn.startAuthentication.mockReset();
  webauthn.startRegistration.mockReset();
});

/** The server's list, changed by the calls the way the server would change it. */
function server(initial: Passkey[]) {
  let list = [...initial];
  return mockApi({
    'GET /api/passkeys': () => jsonResponse({ data: list }),
    'POST /api/passkeys/options': () => jsonResponse({ options: { challenge: 'reg' } }),
    'POST /api/passkeys': ({ body }) => {
      const added = { ...phone, id: 9, name: (body as { name: string }).name };
      list = [...list, added];
      return jsonResponse({ passkey: added });
    },
    'PATCH /api/passkeys/4': ({ body }) => {
      list = list.map((p) => (p.id === 4 ? { ...p, name: (body as { name: string }).name } : p));
      return jsonResponse({ passkey: list[0] });
    },
    'POST /api/passkeys/confirm/options': () => jsonResponse({ options: { challenge: 'conf' } }),
    'DELETE /api/passkeys/4': ({ body }) => {
      if ((body as { password?: string }).password === 'wrong')
        return jsonResponse(
          {
            error: 'validation_failed',
            message: 'validation_failed',
            errors: { password: ['errors.validations.password_wrong'] },
          },
          422,
        );
      list = list.filter((p) => p.id !== 4);
      return jsonResponse({ ok: true });
    },
  });
}

const list = () => screen.findByRole('list', { name: i18n.t('passkeys.list_label') });

describe('PasskeysSection', () => {
  it('adds a passkey under the name she gives it', async () => {
    const api = server([]);
    webauthn.startRegistration.mockResolvedValue(attestation);
    renderWithProviders(<PasskeysSection hasPassword />);
    expect(await screen.findByText(i18n.t('passkeys.empty'))).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(i18n.t('passkeys.name_label')), 'Work laptop');
    await user.click(screen.getByRole('button', { name: i18n.t('passkeys.add') }));
    expect(await within(await list()).findByText('Work laptop')).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reg' } });
    expect(api.callsTo('POST /api/passkeys')[0]?.body).toEqual({ name: 'Work laptop', credential: attestation });
    expect(screen.getByLabelText(i18n.t('passkeys.name_label'))).toHaveValue('');
  });

  it('puts the browser refusing a second passkey on this device into words', async () => {
    const api = server([phone]);
    webauthn.startRegistration.mockRejectedValue(
      new WebAuthnError({
        message: 'The authenticator was previously registered',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        cause: Object.assign(new Error('excluded'), { name: 'InvalidStateError' }),
      }),
    );
    renderWithProviders(<PasskeysSection hasPassword />, { lang: 'de' });
    await list();
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('passkeys.add', { lng: 'de' }) }));
    expect(await screen.findByText(i18n.t('passkeys.errors.exists', { lng: 'de' }))).toBeInTheDocument();
    expect(api.callsTo('POST /api/passkeys')).toHaveLength(0);
  });

  it('renames a passkey', async () => {
    const api = server([phone]);
    renderWithProviders(<PasskeysSection hasPassword />);
    const user = userEvent.setup();
    await user.click(
      within(await list()).getByRole('button', { name: i18n.t('passkeys.rename_named', { name: 'Phone' }) }),
    );
    const dialog = await screen.findByRole('dialog', { name: i18n.t('passkeys.rename_title') });
    const field = within(dialog).getByLabelText(new RegExp(i18n.t('passkeys.name_label')));
    await user.clear(field);
    expect(within(dialog).getByRole('button', { name: i18n.t('common.save') })).toBeDisabled();
    await user.type(field, 'Old phone');
    await user.click(within(dialog).getByRole('button', { name: i18n.t('common.save') }));
    expect(await within(await list()).findByText('Old phone')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/passkeys/4')[0]?.body).toEqual({ name: 'Old phone' });
  });

  it('deletes a passkey only with her password, and says when it is wrong', async () => {
    const api = server([phone]);
    renderWithProviders(<PasskeysSection hasPassword />);
    const user = userEvent.setup();
    await user.click(
      within(await list()).getByRole('button', { name: i18n.t('passkeys.delete_named', { name: 'Phone' }) }),
    );
    const dialog = await screen.findByRole('dialog', { name: i18n.t('passkeys.delete_title') });
    const confirm = within(dialog).getByRole('button', { name: i18n.t('passkeys.delete') });
    expect(confirm).toBeDisabled();
    const password = within(dialog).getByLabelText(i18n.t('passkeys.delete_password'));
    await user.type(password, 'wrong');
    await user.click(confirm);
    expect(await within(dialog).findByText(i18n.t('errors.validations.password_wrong'))).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'right one');
    await user.click(confirm);
    expect(await screen.findByText(i18n.t('passkeys.empty'))).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/passkeys/4').map((c) => c.body)).toEqual([
      { password: 'wrong' },
      { password: 'right one' },
    ]);
  });

  it('without a password, confirms the deletion with a fresh passkey answer', async () => {
    const api = server([phone]);
    webauthn.startAuthentication.mockResolvedValue(assertion);
    renderWithProviders(<PasskeysSection hasPassword={false} />);
    const user = userEvent.setup();
    await user.click(
      within(await list()).getByRole('button', { name: i18n.t('passkeys.delete_named', { name: 'Phone' }) }),
    );
    const dialog = await screen.findByRole('dialog', { name: i18n.t('passkeys.delete_title') });
    expect(within(dialog).queryByLabelText(i18n.t('passkeys.delete_password'))).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: i18n.t('passkeys.delete_with_passkey') }));
    expect(await screen.findByText(i18n.t('passkeys.empty'))).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'conf' } });
    expect(api.callsTo('DELETE /api/passkeys/4')[0]?.body).toEqual({ credential: assertion });
  });
});
