import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignupPage } from '#app/features/auth/SignupPage.tsx';
import { mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { VOUCHER_DEBOUNCE_MS } from '#common/constants.ts';

const VALID = 'WELCOME50';
const checker = () =>
  mockApi({
    'POST /api/register/coupon': ({ body }) =>
      jsonResponse({ valid: (body as { code: string }).code.toUpperCase() === VALID }),
    'POST /api/register': () => jsonResponse({ user: testUser({ is_verified: false }) }, 201),
  });

const renderSignup = (route = '/users/signup') =>
  renderWithProviders(<SignupPage />, {
    route,
    path: '/users/signup/*',
    routes: [
      { path: '/users/signup/coupon/:code?', element: <SignupPage /> },
      { path: '/users/signup_success', element: <p>success page</p> },
    ],
  });

const field = () => screen.getByLabelText(i18n.t('users.signup2.form.registration_coupon'));
const stateOf = () => field().closest('[data-voucher-state]')?.getAttribute('data-voucher-state');
const type = (value: string) => fireEvent.change(field(), { target: { value } });

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('voucher code on the sign-up form', () => {
  it('stays unchecked below 3 characters and asks nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = checker();
    renderSignup();
    expect(stateOf()).toBe('unchecked');
    type('WE');
    act(() => vi.advanceTimersByTime(VOUCHER_DEBOUNCE_MS * 2));
    expect(stateOf()).toBe('unchecked');
    expect(api.callsTo('POST /api/register/coupon')).toHaveLength(0);
  });

  it('checks once typing has paused for 1 s, then shows valid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = checker();
    renderSignup();
    type('WEL');
    expect(stateOf()).toBe('checking');
    type('WELCOME5');
    act(() => vi.advanceTimersByTime(VOUCHER_DEBOUNCE_MS - 100));
    type('WELCOME50');
    act(() => vi.advanceTimersByTime(VOUCHER_DEBOUNCE_MS - 100));
    expect(api.callsTo('POST /api/register/coupon')).toHaveLength(0);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      i18n.t('users.signup2.form.registration_coupon_checking'),
    );
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(stateOf()).toBe('valid'));
    expect(screen.getByText(i18n.t('users.signup2.form.registration_coupon_valid'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/register/coupon').map((c) => c.body)).toEqual([{ code: 'WELCOME50' }]);
  });

  it('shows invalid for a code the server does not know, and sends the address typed so far', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = checker();
    renderSignup();
    fireEvent.change(screen.getByLabelText(/^e-mail/i), { target: { value: 'new@example.org' } });
    type('NOPE-123');
    act(() => vi.advanceTimersByTime(VOUCHER_DEBOUNCE_MS));
    await waitFor(() => expect(stateOf()).toBe('invalid'));
    expect(screen.getByText(i18n.t('users.signup2.form.registration_coupon_invalid'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/register/coupon')[0]?.body).toEqual({ code: 'NOPE-123', email: 'new@example.org' });
    // Shortened below the minimum, it is unchecked again.
    type('NO');
    expect(stateOf()).toBe('unchecked');
    expect(screen.queryByText(i18n.t('users.signup2.form.registration_coupon_invalid'))).not.toBeInTheDocument();
  });

  it('/users/signup/coupon/:code fills the code in, checks it and sends it with the sign-up', async () => {
    const api = checker();
    renderSignup(`/users/signup/coupon/${VALID}`);
    expect(field()).toHaveValue(VALID);
    expect(
      await screen.findByText(i18n.t('users.signup2.form.registration_coupon_valid'), {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^e-mail/i), 'new@example.org');
    await user.type(screen.getByLabelText(/^password/i), 'long-enough-pw');
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/i }));
    await user.click(screen.getByRole('button', { name: i18n.t('users.signup2.form.submit') }));
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/register')[0]?.body).toEqual({
      email: 'new@example.org',
      password: 'long-enough-pw',
      code: VALID,
      terms_check: true,
      form_ms: expect.any(Number),
    });
  });
});
