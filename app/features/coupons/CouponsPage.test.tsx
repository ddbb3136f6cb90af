import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { CouponAnswer } from '#common/api/coupons.ts';
import { COPY_CONFIRMATION_MS } from '#common/constants.ts';
import { CouponsPage } from './CouponsPage.tsx';

const DAY = 86_400_000;
const coupon = (over: Partial<CouponAnswer>): CouponAnswer => ({
  type: 'COINS',
  value: 50,
  valid_until: new Date(Date.now() + 60 * DAY).toISOString(),
  exchangeRate: 0.1,
  currency: 'EUR',
  code: 'CODE',
  webid: 1,
  ...over,
});

const renderPage = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<CouponsPage />, {
    route: '/users/profile/coupons',
    user: testUser({ coins: 500 }),
    lang,
    routes: [{ path: '/billing/f/:code', element: <p>billing page</p> }],
  });

const items = async () =>
  within(await screen.findByRole('list', { name: i18n.t('coupons.list_label') })).getAllByRole('listitem');

afterEach(() => {
  vi.useRealTimers();
});

describe('coupons page', () => {
  it('lists each coupon with type, value, validity, prize flag and code; days left only when 14 or fewer', async () => {
    mockApi({
      'GET /api/coupons': () =>
        jsonResponse({
          data: [
            coupon({
              type: 'VIDEO',
              value: 1,
              code: 'PRIZE-VIDEO',
              valid_until: new Date(Date.now() + 9.5 * DAY).toISOString(),
            }),
            coupon({ type: 'PERCENT', value: 20, code: 'BONUS20' }),
            coupon({ type: 'EURO', value: 5, code: 'FIVE-EUR' }),
          ],
        }),
    });
    renderPage();
    const [video, percent, euro] = await items();
    if (!video || !percent || !euro) throw new Error('three coupons expected');
    expect(within(video).getByRole('heading')).toHaveTextContent(i18n.t('coupons.types.VIDEO'));
    expect(within(video).getByText(i18n.t('coupons.prize'))).toBeInTheDocument();
    expect(video).toHaveTextContent(i18n.t('coupons.days_remaining', { count: 10 }));
    expect(within(percent).getByRole('heading')).toHaveTextContent(`${i18n.t('coupons.types.PERCENT')} · 20%`);
    expect(within(percent).queryByText(i18n.t('coupons.prize'))).not.toBeInTheDocument();
    expect(percent).not.toHaveTextContent(/days? left/);
    expect(percent).toHaveTextContent(/Valid until/);
    expect(within(euro).getByRole('heading')).toHaveTextContent('5 EUR');
    expect(within(euro).queryByRole('link')).not.toBeInTheDocument();
    const use = within(percent).getByRole('link', { name: i18n.t('coupons.use_on_billing') });
    expect(use).toHaveAttribute('href', '/billing/f/BONUS20');
    expect(within(video).getByRole('button', { name: i18n.t('coupons.copy', { code: 'PRIZE-VIDEO' }) })).toBeVisible();
  });

  it('speaks German', async () => {
    mockApi({ 'GET /api/coupons': () => jsonResponse({ data: [coupon({ code: 'FIFTY' })] }) });
    renderPage('de');
    const [item] = await items();
    expect(item).toHaveTextContent('Coins · 50 Coins');
    expect(item).toHaveTextContent(/Gültig bis/);
    expect(screen.getByRole('heading', { name: 'Code einlösen' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/coupons': () =>
        fail ? apiError(503, { error: 'unavailable', message: 'unavailable' }) : jsonResponse({ data: [] }),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('coupons.error'));
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: i18n.t('coupons.retry') }));
    expect(await screen.findByText(i18n.t('coupons.empty'))).toBeInTheDocument();
  });

  it('copies the code and confirms it for 2 s', async () => {
    mockApi({ 'GET /api/coupons': () => jsonResponse({ data: [coupon({ code: 'COPY-ME' })] }) });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    const button = await screen.findByRole('button', { name: i18n.t('coupons.copy', { code: 'COPY-ME' }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('COPY-ME');
    expect(screen.getByText(i18n.t('coupons.copied'))).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 100));
    expect(screen.getByText(i18n.t('coupons.copied'))).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(i18n.t('coupons.copied'))).not.toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    mockApi({ 'GET /api/coupons': () => jsonResponse({ data: [coupon({ code: 'NO-COPY' })] }) });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('coupons.copy', { code: 'NO-COPY' }) }));
    expect(await screen.findByText(i18n.t('coupons.copy_failed'))).toBeInTheDocument();
  });

  it('redeems a coins code: the credit shows, the balance updates and the list reloads', async () => {
    let listed: CouponAnswer[] = [];
    const api = mockApi({
      'GET /api/coupons': () => jsonResponse({ data: listed }),
      'POST /api/coupons/redeem': () => {
        listed = [];
        return jsonResponse({ coupon: coupon({ code: 'WELCOME50' }), credited: 50, user: testUser({ coins: 550 }) });
      },
    });
    const { client } = renderPage();
    expect(await screen.findByText(i18n.t('coupons.empty'))).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^coupon code/i), 'welcome50');
    await user.click(screen.getByRole('button', { name: i18n.t('coupons.redeem.submit') }));
    expect(await screen.findByText(i18n.t('coupons.redeem.credited', { count: 50 }))).toBeInTheDocument();
    expect(api.callsTo('POST /api/coupons/redeem')[0]?.body).toEqual({ code: 'welcome50' });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.coins).toBe(550);
    expect(screen.getByLabelText(/^coupon code/i)).toHaveValue('');
    expect(api.callsTo('GET /api/coupons').length).toBeGreaterThanOrEqual(2);
  });

  it('redeems a bonus code into the list', async () => {
    let listed: CouponAnswer[] = [];
    mockApi({
      'GET /api/coupons': () => jsonResponse({ data: listed }),
      'POST /api/coupons/redeem': () => {
        listed = [coupon({ type: 'PERCENT', value: 10, code: 'TEN' })];
        return jsonResponse({ coupon: listed[0], credited: 0, user: testUser({ coins: 500 }) });
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^coupon code/i), 'TEN');
    await user.click(screen.getByRole('button', { name: i18n.t('coupons.redeem.submit') }));
    expect(await screen.findByText(i18n.t('coupons.redeem.claimed'))).toBeInTheDocument();
    expect(await items()).toHaveLength(1);
  });

  it('shows the refusal on the field, too many attempts above the form, and checks the field first', async () => {
    let status = 422;
    const api = mockApi({
      'GET /api/coupons': () => jsonResponse({ data: [] }),
      'POST /api/coupons/redeem': () =>
        status === 422
          ? apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { code: ['billing.coupon.invalid'] },
            })
          : apiError(429, { error: 'throttle', message: 'throttle' }),
    });
    renderPage();
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: i18n.t('coupons.redeem.submit') });
    await user.click(submit);
    expect(await screen.findByText(i18n.t('errors.validations.required'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/coupons/redeem')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^coupon code/i), 'WRONG');
    await user.click(submit);
    expect(await screen.findByText(i18n.t('billing.coupon.invalid'))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    status = 429;
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.throttle'));
  });
});
