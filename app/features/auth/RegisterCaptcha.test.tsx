import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { SANDBOX_MESSAGE } from './CaptchaWidget.tsx';
import { SignupPage } from './SignupPage.tsx';
import { apiError, mockApi } from './testing.ts';

const SANDBOX = { provider: 'sandbox', site_key: 'sandbox-captcha-site-key' } as const;
const required = () => apiError(422, { error: 'captcha_required', message: 'captcha_required', captcha: SANDBOX });
const created = () => jsonResponse({ user: testUser({ email: 'new@example.org', is_verified: false }) }, 201);

const renderSignup = () =>
  renderWithProviders(<SignupPage />, {
    route: '/users/signup',
    routes: [{ path: '/users/signup_success', element: <p>success page</p> }],
  });

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^e-mail/i), 'new@example.org');
  await user.type(screen.getByLabelText(/^password/i), 'long-enough-pw');
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/i }));
  await user.click(screen.getByRole('button', { name: i18n.t('users.signup2.form.submit') }));
}

/** The sandbox widget in its frame posting a token (or null: expired) to this page. */
const widgetPosts = (token: string | null, opts: { origin?: string; source?: Window | null } = {}) => {
  const frame = screen.getByTitle(i18n.t('users.signup2.form.captcha')) as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: SANDBOX_MESSAGE, token },
        origin: opts.origin ?? location.origin,
        source: opts.source === undefined ? frame.contentWindow : opts.source,
      }),
    );
  });
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('register form robot check', () => {
  it('shows no captcha until the server asks; then the sandbox widget, and resubmits with its token', async () => {
    const answers = [required, created];
    const api = mockApi({ 'POST /api/register': () => (answers.shift() ?? created)() });
    renderSignup();
    expect(screen.queryByTestId('captcha')).not.toBeInTheDocument();
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.captcha_required'));
    const frame = screen.getByTitle(i18n.t('users.signup2.form.captcha'));
    expect(frame.getAttribute('src')).toBe('/sandbox/captcha?k=sandbox-captcha-site-key&hl=en');
    expect(api.callsTo('POST /api/register')[0]?.body).not.toHaveProperty('captcha');

    widgetPosts('sandbox-token-1');
    expect(await screen.findByText('success page')).toBeInTheDocument();
    const calls = api.callsTo('POST /api/register');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({ email: 'new@example.org', captcha: 'sandbox-token-1' });
  });

  it('takes tokens only from its own frame on this origin', async () => {
    const answers = [required, created];
    const api = mockApi({ 'POST /api/register': () => (answers.shift() ?? created)() });
    renderSignup();
    await fillAndSend();
    await screen.findByTitle(i18n.t('users.signup2.form.captcha'));
    widgetPosts('forged-origin', { origin: 'https://evil.example' });
    widgetPosts('forged-source', { source: window });
    widgetPosts(null);
    widgetPosts('real-token');
    await screen.findByText('success page');
    const calls = api.callsTo('POST /api/register');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({ captcha: 'real-token' });
  });

  it('after a refused token (captcha_invalid) starts the widget over for a fresh one', async () => {
    const answers = [
      required,
      () => apiError(422, { error: 'captcha_invalid', message: 'captcha_invalid', captcha: SANDBOX }),
    ];
    const api = mockApi({ 'POST /api/register': () => (answers.shift() ?? created)() });
    renderSignup();
    await fillAndSend();
    const first = await screen.findByTitle(i18n.t('users.signup2.form.captcha'));
    widgetPosts('used-token');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors.captcha_invalid')));
    const second = screen.getByTitle(i18n.t('users.signup2.form.captcha'));
    expect(second).not.toBe(first);
    // The used token is not sent again: a manual submit goes without it.
    fireEvent.click(screen.getByRole('button', { name: i18n.t('users.signup2.form.submit') }));
    await screen.findByText('success page');
    expect(api.callsTo('POST /api/register')[2]?.body).not.toHaveProperty('captcha');
  });

  it('sends the honeypot when something filled it, and how long the form was open', async () => {
    const api = mockApi({ 'POST /api/register': created });
    const { container } = renderSignup();
    const trap = container.querySelector<HTMLInputElement>('input[name="homepage"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.change(trap as HTMLInputElement, { target: { value: 'https://spam.example' } });
    await fillAndSend();
    await screen.findByText('success page');
    const body = api.callsTo('POST /api/register')[0]?.body as { homepage?: string; form_ms?: number };
    expect(body.homepage).toBe('https://spam.example');
    expect(body.form_ms).toBeGreaterThan(0);
  });

  it("shows Google's reCAPTCHA v2 with the site key it was given, and resubmits with Google's token", async () => {
    const render = vi.fn((_el: HTMLElement, opts: { sitekey: string; callback: (t: string) => void }) => {
      setTimeout(() => opts.callback('google-token'), 0);
      return 0;
    });
    vi.stubGlobal('grecaptcha', { render });
    const answers = [
      () =>
        apiError(422, {
          error: 'captcha_required',
          message: 'captcha_required',
          captcha: { provider: 'recaptcha', site_key: '6Lc-site-key' },
        }),
    ];
    const api = mockApi({ 'POST /api/register': () => (answers.shift() ?? created)() });
    renderSignup();
    await fillAndSend();
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(render).toHaveBeenCalledTimes(1);
    expect(render.mock.calls[0]?.[1]).toMatchObject({ sitekey: '6Lc-site-key' });
    expect(api.callsTo('POST /api/register')[1]?.body).toMatchObject({ captcha: 'google-token' });
  });
});
