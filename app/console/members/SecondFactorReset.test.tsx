import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { MemberDetail } from '#common/api/admin-members.ts';
import { renderConsole } from '../testing.tsx';
import { secondFactorTexts } from './second-factor-texts.ts';

const AT = '2026-03-01T09:30:00.000Z';
/** The screens are a chunk of their own (with the data grid): its first load may take a while. */
const LOADED = { timeout: 30_000 };
const SLOW = 120_000;

const detail = (secondFactor?: boolean): MemberDetail => ({
  account: {
    id: 7,
    email: 'erika@example.com',
    name: 'erika',
    nickname: 'Erika',
    status: 'active',
    isVerified: true,
    locale: 'de',
    createdAt: AT,
    ageVerifiedAt: null,
    cancelledAt: null,
    balance: 0,
    flagged: false,
  },
  sessions: [],
  ...(secondFactor === undefined ? {} : { second_factor: secondFactor }),
});

const memberRoutes = (member: () => MemberDetail) => ({
  'GET /api/admin/members/7': () => jsonResponse(member()),
  'GET /api/admin/members/7/ledger': () => jsonResponse({ rows: [], total: 0 }),
  'GET /api/admin/members/7/orders': () => jsonResponse({ rows: [], total: 0 }),
  'GET /api/admin/members/7/purchases': () => jsonResponse({ rows: [], total: 0 }),
});

const { en, de } = secondFactorTexts;

describe('resetting a member\u2019s second factor', () => {
  it(
    'asks for a reason, sends it, says it is done and shows the factor off',
    async () => {
      let member = detail(true);
      const api = mockApi({
        ...memberRoutes(() => member),
        'POST /api/admin/members/7/second-factor/reset': () => {
          member = detail(false);
          return jsonResponse({ outcome: 'done' });
        },
      });
      renderConsole('/admin/members/7', { roles: ['support'] });
      const user = userEvent.setup();
      expect(await screen.findByText(en.on, {}, LOADED)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: en.resetButton }));
      const dialog = await screen.findByRole('dialog', { name: en.resetTitle });
      await user.click(within(dialog).getByRole('button', { name: en.resetSubmit }));
      expect(api.callsTo('POST /api/admin/members/7/second-factor/reset')).toHaveLength(0);
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Lost phone, ID checked by mail');
      await user.click(within(dialog).getByRole('button', { name: en.resetSubmit }));
      expect(await screen.findByText(en.resetDone)).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/members/7/second-factor/reset')[0]?.body).toEqual({
        reason: 'Lost phone, ID checked by mail',
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: en.resetTitle })).toBeNull());
      expect(await screen.findByText(en.off)).toBeInTheDocument();
      // Off now: nothing left to reset.
      expect(screen.queryByRole('button', { name: en.resetButton })).toBeNull();
    },
    SLOW,
  );

  it(
    'keeps the dialog open with the refusal, in German, when the server says no',
    async () => {
      mockApi({
        ...memberRoutes(() => detail()),
        'POST /api/admin/members/7/second-factor/reset': () =>
          apiError(403, { error: 'forbidden', message: 'forbidden' }),
      });
      renderConsole('/admin/members/7', { roles: ['admin'], locale: 'de' });
      const user = userEvent.setup();
      // Without the detail's word on it, the button is offered and the server answers.
      await user.click(await screen.findByRole('button', { name: de.resetButton }, LOADED));
      const dialog = await screen.findByRole('dialog', { name: de.resetTitle });
      await user.type(within(dialog).getByRole('textbox', { name: /Grund/ }), 'Anruf geprüft');
      await user.click(within(dialog).getByRole('button', { name: de.resetSubmit }));
      expect(await within(dialog).findByText('Ihre Rollen erlauben das nicht.')).toBeInTheDocument();
      expect(dialog).toBeInTheDocument();
    },
    SLOW,
  );
});
