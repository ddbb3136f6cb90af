import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { useSnackbarStore } from '#app/ui/snackbar.ts';
import { SECOND_FACTOR_REMEMBER_DAYS } from '#common/api/second-factor.ts';
import { LoginPage } from './LoginPage.tsx';
import { TokenLoginPage } from './TokenLoginPage.tsx';
import { apiError, mockApi } from './testing.ts';

// The browser's passkey prompt is replaced; the step, its calls and its words are real.
const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  ...webauthn,
}));

const member = testUser({ name: 'twostep' });
const challenge = (methods: string[]) => jsonResponse({ second_factor: { methods, expires_in: 300 } }, 202);
const wrongCode = () =>
  apiError(422, {
    error: 'validation_failed',
    message: 'validation_failed',
    errors: { code: ['errors.validations.second_factor_wrong'] },
  });

afterEach(() => {
  webauthn.startAuthentication.mockReset();
  useSnackbarStore.setState({ queue: [] });
});

/** The login page, her password sent, the server asking for the second step. */
async function toSecondStep(
  routes: Parameters<typeof mockApi>[0],
  { methods = ['totp', 'recovery'], lang = 'en' as 'en' | 'de' } = {},
) {
  const api = mockApi({ 'POST /api/auth/login': () => challenge(methods), ...routes });
  renderWithProviders(<LoginPage />, {
    route: '/login',
    lang,
    routes: [{ path: '/users/signup', element: <p>signed in page</p> }],
  });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(new RegExp(i18n.t('login.username', { lng: lang }), 'i')), 'twostep');
  await user.type(
    screen.getByLabelText(new RegExp(`^${i18n.t('login.password', { lng: lang })}\\s*\\*?$`, 'i')),
    'pw-secret',
  );
  await user.click(screen.getByRole('button', { name: i18n.t('login.submit', { lng: lang }) }));
  await screen.findByRole('heading', { name: i18n.t('second_factor.step.title', { lng: lang }) });
  return { api, user };
}

const codeField = (lang: 'en' | 'de' = 'en') =>
  screen.getByRole('textbox', { name: new RegExp(i18n.t('second_factor.step.code_label', { lng: lang })) });

describe('the second step of the sign-in', () => {
  it('takes the six digits of her app (spaces forgiven) and signs her in as a one-step sign-in does', async () => {
    const { api, user } = await toSecondStep({
      'POST /api/auth/second-factor': () => jsonResponse({ user: member }),
    });
    const field = codeField();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit') }));
    expect(await screen.findByText('signed in page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/second-factor')[0]?.body).toEqual({
      method: 'totp',
      code: '123456',
      remember: false,
    });
  });

  it('shows a wrong code on the field, tied to it for screen readers, and stays', async () => {
    const { api, user } = await toSecondStep({ 'POST /api/auth/second-factor': wrongCode }, { lang: 'de' });
    await user.type(codeField('de'), '000000');
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit', { lng: 'de' }) }));
    const message = await screen.findByText(i18n.t('errors.validations.second_factor_wrong', { lng: 'de' }));
    const field = codeField('de');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(api.callsTo('POST /api/auth/second-factor')).toHaveLength(1);
    expect(screen.queryByText('signed in page')).toBeNull();
  });

  it('checks the code before sending it', async () => {
    const { api, user } = await toSecondStep({});
    await user.type(codeField(), '12a');
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.second_factor_code'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/second-factor')).toHaveLength(0);
  });

  it('goes back to the first step, saying why, when the pending sign-in is gone', async () => {
    const { user } = await toSecondStep({
      'POST /api/auth/second-factor': () =>
        apiError(401, { error: 'unknown_credentials', message: 'second_factor_expired' }),
    });
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit') }));
    expect(await screen.findByText(i18n.t('second_factor.step.expired'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: i18n.t('login.submit') })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: i18n.t('second_factor.step.title') })).toBeNull();
    expect(screen.getByLabelText(new RegExp(i18n.t('login.username'), 'i'))).toHaveFocus();
  });

  it('takes a recovery code instead, remembers the device when ticked, and warns when few codes are left', async () => {
    const { api, user } = await toSecondStep({
      'POST /api/auth/second-factor': () => jsonResponse({ user: member, recovery_codes_left: 2 }),
    });
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.use_recovery') }));
    const field = screen.getByRole('textbox', { name: new RegExp(i18n.t('second_factor.step.recovery_label')) });
    expect(field).toHaveFocus();
    await user.type(field, 'ABCDE-12345');
    await user.click(
      screen.getByRole('checkbox', {
        name: i18n.t('second_factor.step.remember', { days: SECOND_FACTOR_REMEMBER_DAYS }),
      }),
    );
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit') }));
    expect(await screen.findByText('signed in page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/second-factor')[0]?.body).toEqual({
      method: 'recovery',
      code: 'abcde12345',
      remember: true,
    });
    expect(useSnackbarStore.getState().queue).toEqual([
      expect.objectContaining({ messageKey: 'second_factor.step.codes_low', params: { count: 2 } }),
    ]);
  });

  it('says how long to wait when too many codes were tried', async () => {
    const { user } = await toSecondStep({
      'POST /api/auth/second-factor': () =>
        jsonResponse({ error: 'throttle', message: 'throttle' }, 429, { 'retry-after': '42' }),
    });
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit') }));
    expect(await screen.findByText(i18n.t('second_factor.step.throttled_wait', { seconds: '42' }))).toBeInTheDocument();
  });

  it('answers with one of her passkeys when she has one', async () => {
    const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const { api, user } = await toSecondStep(
      {
        'POST /api/auth/second-factor/passkey/options': () => jsonResponse({ options: { challenge: 'sf' } }),
        'POST /api/auth/second-factor/passkey': () => jsonResponse({ user: member }),
      },
      { methods: ['totp', 'recovery', 'passkey'] },
    );
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.use_passkey') }));
    expect(await screen.findByText('signed in page')).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'sf' } });
    expect(api.callsTo('POST /api/auth/second-factor/passkey')[0]?.body).toEqual({
      credential: assertion,
      remember: false,
    });
  });

  it('"Back to sign-in" returns to the password form', async () => {
    const { user } = await toSecondStep({});
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.back') }));
    await waitFor(() => expect(screen.getByRole('button', { name: i18n.t('login.submit') })).toBeInTheDocument());
    expect(screen.queryByText(i18n.t('second_factor.step.expired'))).toBeNull();
  });

  it('follows a mailed sign-in link too: the step, then home; gone, the link page says why', async () => {
    let gone = false;
    const api = mockApi({
      'POST /api/auth/token_login': () => challenge(['totp', 'recovery']),
      'POST /api/auth/second-factor': () =>
        gone
          ? apiError(401, { error: 'unknown_credentials', message: 'second_factor_expired' })
          : jsonResponse({ user: member }),
    });
    const view = renderWithProviders(<TokenLoginPage />, {
      route: '/token_login?token=abc',
      routes: [{ path: '/', element: <p>home page</p> }],
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: i18n.t('token_login.confirm.submit') }));
    const field = await screen.findByRole('textbox', { name: new RegExp(i18n.t('second_factor.step.code_label')) });
    // The used link's token has left the address (and the history) while the step is asked.
    expect(view.router.state.location).toMatchObject({ pathname: '/token_login', search: '' });
    expect(view.router.state.historyAction).toBe('REPLACE');
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit') }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/second-factor')[0]?.body).toMatchObject({ method: 'totp', code: '654321' });
    view.unmount();

    gone = true;
    renderWithProviders(<TokenLoginPage />, { route: '/token_login?token=def' });
    await user.click(screen.getByRole('button', { name: i18n.t('token_login.confirm.submit') }));
    await user.type(
      await screen.findByRole('textbox', { name: new RegExp(i18n.t('second_factor.step.code_label')) }),
      '654321',
    );
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit') }));
    expect(await screen.findByText(i18n.t('second_factor.step.expired'))).toBeInTheDocument();
  });
});
