import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { mockApi } from './testing.ts';

// The browser's passkey prompt is replaced; what the server is sent and what she is told are real.
const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  ...webauthn,
}));

const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

afterEach(() => {
  webauthn.startAuthentication.mockReset();
  webauthn.browserSupportsWebAuthn.mockReset().mockReturnValue(true);
});

describe('PasskeySignIn', () => {
  it('asks the browser for a passkey, sends its answer and signs her in', async () => {
    const member = testUser({ name: 'keyholder' });
    const api = mockApi({
      'POST /api/auth/passkey/options': () => jsonResponse({ options: { challenge: 'abc', rpId: 'localhost' } }),
      'POST /api/auth/passkey': () => jsonResponse({ user: member }),
    });
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const onSuccess = vi.fn();
    renderWithProviders(<PasskeySignIn onSuccess={onSuccess} />);
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('passkeys.sign_in') }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(member));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rpId: 'localhost' },
    });
    expect(api.callsTo('POST /api/auth/passkey')[0]?.body).toEqual({ credential: assertion });
  });

  it('puts a closed browser prompt into words and sends nothing', async () => {
    const api = mockApi({
      'POST /api/auth/passkey/options': () => jsonResponse({ options: { challenge: 'abc' } }),
    });
    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    renderWithProviders(<PasskeySignIn />);
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('passkeys.sign_in') }));
    expect(await screen.findByText(i18n.t('passkeys.errors.cancelled'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/passkey')).toHaveLength(0);
  });

  it('tells her when the server refuses the passkey', async () => {
    mockApi({
      'POST /api/auth/passkey/options': () => jsonResponse({ options: { challenge: 'abc' } }),
      'POST /api/auth/passkey': () => jsonResponse({ error: 'unauthorized', message: 'unauthorized' }, 401),
    });
    webauthn.startAuthentication.mockResolvedValue(assertion);
    renderWithProviders(<PasskeySignIn />, { lang: 'de' });
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('passkeys.sign_in', { lng: 'de' }) }));
    expect(await screen.findByText(i18n.t('passkeys.errors.refused', { lng: 'de' }))).toBeInTheDocument();
  });

  it('says so where the browser has no passkeys', () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    mockApi({});
    renderWithProviders(<PasskeySignIn />);
    expect(screen.getByRole('button', { name: i18n.t('passkeys.sign_in') })).toBeDisabled();
    expect(screen.getByText(i18n.t('passkeys.unsupported'))).toBeInTheDocument();
  });
});
