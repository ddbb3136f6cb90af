import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { AuditEntry } from '#common/api/admin-audit.ts';
import { renderConsole } from '../testing.tsx';
import { changeLines, valueText } from './ChangeList.tsx';
import { auditTexts } from './texts.ts';

/** The data grid takes seconds to appear in jsdom on a busy machine: its first find waits longer. */
const SLOW = { timeout: 20_000 };

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: '2026-11-28T09:15:42.000Z',
  operator: { id: 1, displayName: 'Ada Admin', email: 'ada@example.com' },
  action: 'operator.roles',
  subjectType: 'operator',
  subjectId: '5',
  before: { roles: ['moderator'] },
  after: { roles: ['moderator', 'support'] },
  reason: null,
  ...over,
});

const TEAM = {
  operators: [
    { id: 1, displayName: 'Ada Admin', email: 'ada@example.com' },
    { id: 5, displayName: 'Mona Mod', email: 'mona@example.com' },
  ],
};

describe('the audit log', { timeout: 60_000 }, () => {
  it('shows a page of entries from the server, readable, and asks the server for the next page, order and filter', async () => {
    const entries = [
      entry(),
      entry({
        id: 2,
        action: 'member.block',
        subjectType: 'user',
        subjectId: '42',
        before: { status: 'active' },
        after: { status: 'blocked', sessionsEnded: 2 },
        reason: 'Spam & abuse',
      }),
    ];
    const api = mockApi({
      'GET /api/admin/audit': (call) =>
        jsonResponse({
          entries,
          total: 60,
          page: Number(call.query.get('page') ?? 0),
          pageSize: Number(call.query.get('pageSize')),
        }),
      'GET /api/admin/audit/operators': () => jsonResponse(TEAM),
    });
    const { router } = renderConsole('/admin/audit?type=operator');
    const grid = await screen.findByRole('grid', { name: 'Audit log entries' }, SLOW);
    const roles = (await within(grid).findByText('operator.roles', {}, SLOW)).closest('[role="row"]') as HTMLElement;
    expect(roles).toHaveTextContent('2026-11-28 09:15:42 UTC');
    expect(roles).toHaveTextContent('Ada Admin');
    expect(roles).toHaveTextContent('roles:moderator → moderator, support');
    const block = within(grid).getByText('member.block').closest('[role="row"]') as HTMLElement;
    expect(block).toHaveTextContent('status:active → blocked');
    expect(block).toHaveTextContent('sessionsEnded:2');
    expect(block).toHaveTextContent('Reason: Spam & abuse');
    const first = api.callsTo('GET /api/admin/audit')[0]?.query;
    expect(Object.fromEntries(first ?? [])).toEqual({ type: 'operator', page: '0', pageSize: '50', sort: 'desc' });
    expect(screen.getByLabelText('Record type')).toHaveValue('operator');
    const user = userEvent.setup();

    // Oldest first: the server sorts.
    await user.click(within(grid).getByRole('columnheader', { name: /Time \(UTC\)/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=operator&sort=asc'));
    await waitFor(() => expect(api.callsTo('GET /api/admin/audit').at(-1)?.query.get('sort')).toBe('asc'));
    // The next page: the server pages.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/audit').at(-1)?.query.get('page')).toBe('1'));
    // A filter: the operator and the start of the action; the page starts again.
    await user.selectOptions(screen.getByLabelText('Operator'), 'Mona Mod (mona@example.com)');
    await user.type(screen.getByLabelText(/Action starts with/), 'operator.');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /api/admin/audit').at(-1)?.query ?? [])).toEqual({
        operator: '5',
        action: 'operator.',
        type: 'operator',
        page: '0',
        pageSize: '50',
        sort: 'asc',
      }),
    );
    // A record's entries, from its link.
    await user.click(within(grid).getByRole('link', { name: 'user #42' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=user&subject=42'));
    expect(screen.getByLabelText('Record number')).toHaveValue('42');
  });

  it('marks the filter fields the server refused, in German', async () => {
    mockApi({
      'GET /api/admin/audit': (call) =>
        call.query.get('action')
          ? apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { action: ['errors.validations.invalid'] },
            })
          : jsonResponse({ entries: [], total: 0, page: 0, pageSize: 50 }),
      'GET /api/admin/audit/operators': () => jsonResponse(TEAM),
    });
    renderConsole('/admin/audit?action=DROP', { locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Protokoll' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(/Nur Kleinbuchstaben, Ziffern, Punkte/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText(/Aktion beginnt mit/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Bitte prüfen Sie die markierten Felder.')).toBeInTheDocument();
  });
});

describe('an entry’s change, readable', () => {
  const t = auditTexts.en;
  it('joins lists, says yes and no, and shows what was and became', () => {
    expect(valueText(t, ['a', 'b'])).toBe('a, b');
    expect(valueText(t, true)).toBe('yes');
    expect(valueText(t, null)).toBe('(none)');
    expect(valueText(t, { nested: 1 })).toBe('{"nested":1}');
    expect(changeLines(t, { before: { disabled: false }, after: { disabled: true, sessionsEnded: 1 } })).toEqual([
      { key: 'disabled', before: 'no', after: 'yes' },
      { key: 'sessionsEnded', after: '1' },
    ]);
    expect(changeLines(t, { before: null, after: null })).toEqual([]);
  });
});
