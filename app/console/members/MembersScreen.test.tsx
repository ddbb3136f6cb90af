import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type {
  MemberDetail,
  MemberLedgerAnswer,
  MemberOrdersAnswer,
  MemberSearchAnswer,
} from '#common/api/admin-members.ts';
import { renderConsole } from '../testing.tsx';

const AT = '2026-03-01T09:30:00.000Z';
/** The screens are a chunk of their own (with the data grid): its first load may take a while. */
const LOADED = { timeout: 30_000 };
const SLOW = 120_000;

const hit = (id: number, email: string) => ({
  id,
  email,
  name: null,
  nickname: `nick${id}`,
  status: 'active',
  createdAt: AT,
});

const detail = (status = 'active', balance = 120): MemberDetail => ({
  account: {
    id: 7,
    email: 'erika@example.com',
    name: 'erika',
    nickname: 'Erika',
    status,
    isVerified: true,
    locale: 'de',
    createdAt: AT,
    ageVerifiedAt: null,
    cancelledAt: null,
    balance,
    flagged: false,
  },
  sessions: [{ createdAt: AT, lastSeenAt: AT, expiresAt: AT, agechecked: true }],
});

const ledger: MemberLedgerAnswer = {
  rows: [{ id: 1, delta: 120, balanceAfter: 120, reason: 'purchase', reference: 'order:42', createdAt: AT }],
  total: 1,
};
const orders: MemberOrdersAnswer = {
  rows: [
    {
      id: 42,
      provider: 'sandbox',
      providerTxnId: 'T-42',
      state: 'paid',
      coins: 100,
      bonusCoins: 20,
      amountCents: 1000,
      currency: 'EUR',
      shortfallCoins: 0,
      createdAt: AT,
      paidAt: AT,
      reversedAt: null,
      refund: null,
      refundable: true,
    },
  ],
  total: 1,
};

/** The member page's reads, the detail from `member()` so a test can change it between reads. */
const memberRoutes = (member: () => MemberDetail) => ({
  'GET /api/admin/members/7': () => jsonResponse(member()),
  'GET /api/admin/members/7/ledger': () => jsonResponse(ledger),
  'GET /api/admin/members/7/orders': () => jsonResponse(orders),
  'GET /api/admin/members/7/purchases': () => jsonResponse({ rows: [], total: 0 }),
});

describe('the member search', () => {
  it(
    'searches with the term in the address, pages on the server, opens a member, and goes back to the results',
    async () => {
      const found: MemberSearchAnswer = { rows: [hit(7, 'erika@example.com'), hit(8, 'erik@example.com')], total: 2 };
      const api = mockApi({
        'GET /api/admin/members': () => jsonResponse(found),
        ...memberRoutes(() => detail()),
      });
      const { router } = renderConsole('/admin/members', { roles: ['support'] });
      expect(await screen.findByRole('heading', { name: 'Members', level: 1 }, LOADED)).toBeInTheDocument();
      expect(screen.getByText('Enter an address, a nickname or an id to find a member.')).toBeInTheDocument();
      const user = userEvent.setup();
      await user.type(screen.getByRole('searchbox', { name: 'E-mail address, nickname or member id' }), 'erik');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      expect(await screen.findByText('Members found: 2')).toBeInTheDocument();
      expect(router.state.location.search).toBe('?q=erik');
      expect(api.callsTo('GET /api/admin/members')[0]?.query.get('q')).toBe('erik');
      expect(api.callsTo('GET /api/admin/members')[0]?.query.get('pageSize')).toBe('25');

      await user.click(screen.getByRole('link', { name: 'erika@example.com' }));
      expect(await screen.findByRole('heading', { name: 'Member Erika', level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/members/7');
      await router.navigate(-1);
      expect(await screen.findByText('Members found: 2', {}, LOADED)).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'E-mail address, nickname or member id' })).toHaveValue('erik');
    },
    SLOW,
  );

  it(
    'says when nobody matches, and says a failed search in words',
    async () => {
      let fail = false;
      mockApi({
        'GET /api/admin/members': () =>
          fail ? apiError(500, { error: 'internal', message: 'unknown_error' }) : jsonResponse({ rows: [], total: 0 }),
      });
      renderConsole('/admin/members?q=nobody', { roles: ['admin'] });
      expect(await screen.findByText('No member matches “nobody”.', {}, LOADED)).toBeInTheDocument();
      fail = true;
      const user = userEvent.setup();
      const field = screen.getByRole('searchbox', { name: 'E-mail address, nickname or member id' });
      await user.clear(field);
      await user.type(field, 'broken{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on the server');
    },
    SLOW,
  );
});

describe('a member’s page', () => {
  it(
    'shows her account and lists, and blocks her after a confirmation with a required reason',
    async () => {
      let status = 'active';
      const api = mockApi({
        ...memberRoutes(() => detail(status)),
        'POST /api/admin/members/7/block': () => {
          status = 'blocked';
          return jsonResponse({ outcome: 'done', status: 'blocked', sessionsEnded: 2 });
        },
      });
      renderConsole('/admin/members/7', { roles: ['support'] });
      expect(await screen.findByRole('heading', { name: 'Member Erika', level: 1 }, LOADED)).toBeInTheDocument();
      const account = screen.getByRole('region', { name: 'Account' });
      expect(account).toHaveTextContent('erika@example.com');
      expect(account).toHaveTextContent('120 coins');
      expect(await screen.findByText('order:42')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Refund BS42' })).toBeInTheDocument();
      // Support may not correct a balance: no button for it.
      expect(screen.queryByRole('button', { name: 'Correct the balance…' })).toBeNull();

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Block…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Block this member?' });
      await user.click(within(dialog).getByRole('button', { name: 'Block member' }));
      expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/members/7/block')).toHaveLength(0);
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Abusive messages');
      await user.click(within(dialog).getByRole('button', { name: 'Block member' }));
      expect(await screen.findByText('The member is blocked. Sessions ended: 2.')).toBeInTheDocument();
      const [call] = api.callsTo('POST /api/admin/members/7/block');
      expect(call?.body).toEqual({ reason: 'Abusive messages' });
      expect(call?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('button', { name: 'Unblock…' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'closes her account on her written request: reference and reason required, then it shows as closing',
    async () => {
      let status = 'active';
      const api = mockApi({
        ...memberRoutes(() => detail(status)),
        'POST /api/admin/members/7/close': () => {
          status = 'closing';
          return jsonResponse({ outcome: 'done', status, erasesAt: '2026-03-15T09:30:00.000Z', sessionsEnded: 1 });
        },
      });
      renderConsole('/admin/members/7', { roles: ['support'] });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Close the account…' }, LOADED));
      const dialog = await screen.findByRole('dialog', { name: 'Close this account on her written request?' });
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'She asked by letter');
      await user.click(within(dialog).getByRole('button', { name: 'Close the account' }));
      expect(await within(dialog).findByText('Please give the reference of her written request.')).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/members/7/close')).toHaveLength(0);
      await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'Letter 114');
      await user.click(within(dialog).getByRole('button', { name: 'Close the account' }));
      expect(await screen.findByText(/The account is closing\. Her data is erased on/, {}, LOADED)).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/members/7/close')[0]?.body).toEqual({
        reference: 'Letter 114',
        reason: 'She asked by letter',
      });
      expect(
        await screen.findByText(/The account is closing: signing in within the grace period/, {}, LOADED),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Close the account…' })).toBeNull();
    },
    SLOW,
  );

  it(
    'refunds an order after a confirmation and says what the provider did',
    async () => {
      const api = mockApi({
        ...memberRoutes(() => detail()),
        'POST /api/admin/members/7/orders/42/refund': () =>
          jsonResponse({ outcome: 'done', orderId: 42, refund: 'manual' }),
      });
      renderConsole('/admin/members/7', { roles: ['support'] });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Refund BS42' }, LOADED));
      const dialog = await screen.findByRole('dialog', { name: 'Refund BS42?' });
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Goodwill');
      await user.click(within(dialog).getByRole('button', { name: 'Ask the provider to refund' }));
      expect(await screen.findByText(/Refund BS42 in the Verotel Control Center/)).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/members/7/orders/42/refund')[0]?.body).toEqual({ reason: 'Goodwill' });
    },
    SLOW,
  );

  it(
    'shows a refused correction on its field, in German, and books nothing twice',
    async () => {
      const api = mockApi({
        ...memberRoutes(() => detail('active', 10)),
        'POST /api/admin/members/7/correction': () =>
          apiError(422, {
            error: 'validation_failed',
            message: 'validation_failed',
            errors: { amount: ['errors.console.no_coins'] },
          }),
      });
      renderConsole('/admin/members/7', { roles: ['admin'], locale: 'de' });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Guthaben korrigieren…' }, LOADED));
      const dialog = await screen.findByRole('dialog', { name: 'Guthabenkorrektur' });
      await user.click(within(dialog).getByRole('radio', { name: 'Belastung: Coins abziehen' }));
      await user.type(within(dialog).getByRole('textbox', { name: /Coins/ }), '50');
      await user.type(within(dialog).getByRole('textbox', { name: /Grund/ }), 'Doppelte Gutschrift');
      await user.click(within(dialog).getByRole('button', { name: 'Korrektur buchen' }));
      expect(
        await within(dialog).findByText('Das Guthaben deckt diese Belastung nicht: Es wurde nichts gebucht.'),
      ).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/members/7/correction')[0]?.body).toEqual({
        direction: 'debit',
        amount: 50,
        reason: 'Doppelte Gutschrift',
      });
      // Sent again unchanged: the same action key, so the server books it at most once.
      await user.click(within(dialog).getByRole('button', { name: 'Korrektur buchen' }));
      await waitFor(() => expect(api.callsTo('POST /api/admin/members/7/correction')).toHaveLength(2));
      const keys = api.callsTo('POST /api/admin/members/7/correction').map((c) => c.headers['idempotency-key']);
      expect(keys[0]).toBe(keys[1]);
    },
    SLOW,
  );
});
