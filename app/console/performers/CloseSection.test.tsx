import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import { CONSOLE_ACTION_HEADER } from '#common/api/admin.ts';
import type { PerformerApplication } from '#common/api/admin-performers.ts';
import { renderConsole } from '../testing.tsx';

/** An approved performer as the console's performer page reads her. */
const performer = (over: Partial<PerformerApplication> = {}): PerformerApplication => ({
  id: 7,
  showName: 'Nova Lights',
  email: 'nova@example.com',
  status: 'active',
  languages: ['en'],
  categories: ['Dance'],
  emailConfirmed: true,
  submittedAt: '2026-11-28T10:00:00.000Z',
  decidedAt: '2026-11-28T12:00:00.000Z',
  rejectionReason: null,
  idCheck: { state: 'passed', reason: null, providerNow: null },
  attempts: [],
  maxAttempts: 3,
  documents: [
    { kind: 'id_front', state: 'records_only' },
    { kind: 'id_back', state: 'missing' },
    { kind: 'selfie', state: 'records_only' },
  ],
  open: false,
  approvable: false,
  custodian: 'Records Office, Example Street 1',
  ...over,
});

const LOAD = { timeout: 10_000 };
const SLOW = 60_000;

describe('closing a performer’s account from the console', () => {
  it(
    'asks the reference and a reason, refuses empty fields, then closes and shows her closed',
    async () => {
      let closed = false;
      const api = mockApi({
        'GET /api/admin/performers/7': () => jsonResponse(performer(closed ? { status: 'closed' } : {})),
        'POST /api/admin/performers/7/close': () => {
          closed = true;
          return jsonResponse({ outcome: 'done', status: 'closed', sessionsEnded: 1 });
        },
      });
      renderConsole('/admin/performers/7', { roles: ['moderator'] });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Close the account…' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'Close this performer’s account' });
      expect(within(dialog).getByText(/Nova Lights: this cannot be undone/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close the account' }));
      expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
      expect(api.callsTo('POST /api/admin/performers/7/close')).toHaveLength(0);

      await user.type(within(dialog).getByLabelText(/^Reference of her written request/), ' Letter 2026-201 ');
      await user.type(within(dialog).getByLabelText(/^Reason/), 'She asked in writing.');
      await user.click(within(dialog).getByRole('button', { name: 'Close the account' }));
      await waitFor(() => expect(api.callsTo('POST /api/admin/performers/7/close')).toHaveLength(1));
      const call = api.callsTo('POST /api/admin/performers/7/close')[0];
      expect(call?.body).toEqual({ reference: 'Letter 2026-201', reason: 'She asked in writing.' });
      // Under an action key, so a double click closes once.
      expect(Object.keys(call?.headers ?? {}).map((k) => k.toLowerCase())).toContain(CONSOLE_ACTION_HEADER);
      expect(
        await screen.findByText('This account is closed. Only the records the law keeps remain.', {}, LOAD),
      ).toBeInTheDocument();
      expect(screen.getByText('closed on her request')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Close the account…' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'speaks German',
    async () => {
      mockApi({ 'GET /api/admin/performers/7': () => jsonResponse(performer()) });
      renderConsole('/admin/performers/7', { roles: ['admin'], locale: 'de' });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Konto schließen…' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'Konto dieser Darstellerin schließen' });
      expect(within(dialog).getByLabelText(/^Zeichen ihrer schriftlichen Bitte/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    SLOW,
  );
});
