import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { ConsoleReferralCode } from '#common/api/admin-referrals.ts';
import { renderConsole } from '../testing.tsx';

const code = (over: Partial<ConsoleReferralCode> = {}): ConsoleReferralCode => ({
  code: 'LENA-VIP',
  issuer: 'performer',
  showId: 7,
  universalId: '1007',
  showName: 'Lena Sun',
  operatorName: null,
  state: 'active',
  uses: 1234,
  signUps: 3,
  firstPurchases: 1,
  firstPurchaseCoins: 250,
  createdAt: '2026-05-01T10:00:00.000Z',
  retiredAt: null,
  ...over,
});

const platform = code({
  code: 'SUMMER-26',
  issuer: 'platform',
  operatorName: 'Ops Tester',
  showName: 'Mia Moon',
  uses: 5,
  signUps: 0,
  firstPurchases: 0,
  firstPurchaseCoins: 0,
});
const retired = code({ code: 'OLD-ONE', state: 'retired', retiredAt: '2026-05-03T10:00:00.000Z' });

/** The grid renders in jsdom slowly: its first look may take long on a busy machine. */
const LOADED = { timeout: 20_000 };

describe('the referral codes screen', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await import('./ReferralsPage.tsx');
  }, 60_000);

  it('lists every code with owner, show, state and figures; only an unretired one can be retired', async () => {
    mockApi({ 'GET /api/admin/referrals': () => jsonResponse({ codes: [code(), platform, retired] }) });
    renderConsole('/admin/referrals');
    expect(await screen.findByRole('heading', { name: 'Referral codes' }, LOADED)).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'All referral codes' }, LOADED);
    expect(await within(grid).findByText('LENA-VIP', {}, LOADED)).toBeInTheDocument();
    expect(within(grid).getByText('Platform (Ops Tester)')).toBeInTheDocument();
    expect(within(grid).getAllByText('Performer')).toHaveLength(2);
    expect(within(grid).getByText('Mia Moon')).toBeInTheDocument();
    expect(within(grid).getAllByText('1,234')).toHaveLength(2);
    expect(within(grid).getByText('Retired')).toBeInTheDocument();
    expect(within(grid).getAllByRole('button', { name: /^Retire/ })).toHaveLength(2);
    expect(within(grid).queryByRole('button', { name: 'Retire OLD-ONE' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Console screens' })).toHaveTextContent('Referral codes');
  });

  it('issues a platform code once per intent and shows a refused field at the field', async () => {
    let taken = true;
    const api = mockApi({
      'GET /api/admin/referrals': () => jsonResponse({ codes: taken ? [] : [platform] }),
      'POST /api/admin/referrals': (call) => {
        if ((call.body as { code: string }).code === 'LENA-VIP') {
          return apiError(422, {
            error: 'validation_failed',
            message: 'validation_failed',
            errors: { code: ['errors.referral.code_taken'], show: ['errors.console.referrals.show'] },
          });
        }
        taken = false;
        return jsonResponse({ outcome: 'done', code: platform });
      },
    });
    renderConsole('/admin/referrals');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Issue a platform code' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a platform code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'lena-vip');
    await user.type(within(dialog).getByRole('textbox', { name: /^Show/ }), '99');
    await user.click(within(dialog).getByRole('button', { name: 'Issue a platform code' }));
    expect(await within(dialog).findByText(/This code is taken already/)).toBeInTheDocument();
    expect(within(dialog).getByText('There is no show with this number.')).toBeInTheDocument();
    const [refused] = api.callsTo('POST /api/admin/referrals');
    expect(refused?.body).toEqual({ code: 'LENA-VIP', show: '99' });
    expect(refused?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Code' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'summer-26');
    await user.click(within(dialog).getByRole('button', { name: 'Issue a platform code' }));
    expect(await screen.findByText('Platform code SUMMER-26 issued.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const grid = await screen.findByRole('grid', { name: 'All referral codes' }, LOADED);
    expect(await within(grid).findByText('SUMMER-26', {}, LOADED)).toBeInTheDocument();
  });

  it('retires a code after asking, in German', async () => {
    let done = false;
    const api = mockApi({
      'GET /api/admin/referrals': () => jsonResponse({ codes: [done ? { ...platform, state: 'retired' } : platform] }),
      'POST /api/admin/referrals/SUMMER-26/retire': () => {
        done = true;
        return jsonResponse({ outcome: 'done', code: { ...platform, state: 'retired' } });
      },
    });
    renderConsole('/admin/referrals', { locale: 'de' });
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Alle Empfehlungscodes' }, LOADED);
    await user.click(await within(grid).findByRole('button', { name: 'SUMMER-26 zurückziehen' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Code SUMMER-26 zurückziehen?' });
    expect(api.callsTo('POST /api/admin/referrals/SUMMER-26/retire')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    expect(await screen.findByText('Code SUMMER-26 zurückgezogen.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/referrals/SUMMER-26/retire')[0]?.headers['idempotency-key']).toBeTruthy();
    expect(await within(grid).findByText('Zurückgezogen', {}, LOADED)).toBeInTheDocument();
  });

  it('is not in the menu of an operator without payouts', async () => {
    mockApi({});
    renderConsole('/admin', { roles: ['support'] });
    const menu = await screen.findByRole('navigation', { name: 'Console screens' }, LOADED);
    expect(menu).not.toHaveTextContent('Referral codes');
  });
});
