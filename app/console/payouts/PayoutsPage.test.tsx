import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { ConsoleStatement, PayoutMonth, PayoutOverview, StatementPage } from '#common/api/admin-payouts.ts';
import { renderConsole } from '../testing.tsx';

const month = (period: string, over: Partial<PayoutMonth> = {}): PayoutMonth => ({
  period,
  statements: 0,
  due: 0,
  dueCents: 0,
  paid: 0,
  paidCents: 0,
  carried: 0,
  canGenerate: false,
  ...over,
});

const overview = (months: PayoutMonth[]): PayoutOverview => ({
  months,
  current: '2025-06',
  centsPerCoin: '5',
  minimumCents: 5000,
});

const statement = (id: number, over: Partial<ConsoleStatement> = {}): ConsoleStatement => ({
  id,
  period: '2025-04',
  showName: `Show ${id}`,
  earningsAccount: 100 + id,
  byKind: { chat: 1000, tip: 0, message: 0, picture: 0, other: 0 },
  earned: 1000,
  carriedIn: 0,
  coins: 123_456,
  centsPerCoin: '5',
  amountCents: 617_280,
  state: 'due',
  carriedInto: null,
  paidOn: null,
  paymentReference: null,
  createdAt: '2025-05-01T01:00:00.000Z',
  ...over,
});

const page = (statements: ConsoleStatement[], m: PayoutMonth): StatementPage => ({
  month: m,
  statements,
  total: statements.length,
  page: 0,
  pageSize: 25,
});

/** The screen's module loads lazily: its first look may take longer than the default second. */
const LOADED = { timeout: 8000 };

const april = month('2025-04', { statements: 2, due: 1, dueCents: 617_280, paid: 1, paidCents: 5000 });

describe('the payouts screen', { timeout: 30_000 }, () => {
  // The route loads the screen's module lazily; loaded once here, no test waits for it.
  beforeAll(async () => {
    await import('./PayoutsPage.tsx');
  }, 60_000);

  it('shows the newest month with statements, its sums in euros and the CSV link, and pages by the server', async () => {
    const api = mockApi({
      'GET /api/admin/payouts': () => jsonResponse(overview([month('2025-05', { canGenerate: true }), april])),
      'GET /api/admin/payouts/2025-04': () =>
        jsonResponse(
          page(
            [statement(1), statement(2, { state: 'paid', paidOn: '2025-05-10', coins: 1000, amountCents: 5000 })],
            april,
          ),
        ),
    });
    renderConsole('/admin/payouts');
    expect(await screen.findByRole('heading', { name: 'Performer payouts' }, LOADED)).toBeInTheDocument();
    expect(await screen.findByText(/Minimum payout: €50.00/, {}, LOADED)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Statements for 2025-04' })).toBeInTheDocument();
    expect(screen.getByText('Due: 1 (€6,172.80). Paid: 1 (€50.00). Carried over: 0.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download the statements as CSV/ })).toHaveAttribute(
      'href',
      '/api/admin/payouts/2025-04/statements.csv',
    );
    const grid = await screen.findByRole('grid', { name: 'Payout statements for 2025-04' });
    expect(await within(grid).findByText('Show 1')).toBeInTheDocument();
    expect(within(grid).getByText('123,456')).toBeInTheDocument();
    expect(within(grid).getByText('€6,172.80')).toBeInTheDocument();
    // Only the due statement can be marked paid.
    expect(within(grid).getAllByRole('button', { name: /^Mark paid/ })).toHaveLength(1);
    const read = api.callsTo('GET /api/admin/payouts/2025-04')[0];
    expect(Object.fromEntries(read?.query ?? [])).toEqual({ page: '0', pageSize: '25', sort: 'state', order: 'asc' });
    expect(screen.getByRole('navigation', { name: 'Console screens' })).toHaveTextContent('Payouts');
  });

  it('creates a closed month’s statements after asking, once per intent, and says what it did', async () => {
    let made = false;
    const api = mockApi({
      'GET /api/admin/payouts': () =>
        jsonResponse(
          overview([
            made
              ? month('2025-05', { statements: 3, due: 3, dueCents: 30_000 })
              : month('2025-05', { canGenerate: true }),
          ]),
        ),
      'GET /api/admin/payouts/2025-05': () => jsonResponse(page([], month('2025-05'))),
      'POST /api/admin/payouts/generate': () => {
        made = true;
        return jsonResponse({ outcome: 'done', created: 3, existing: 0 });
      },
    });
    renderConsole('/admin/payouts');
    const user = userEvent.setup();
    expect(await screen.findByText('There are no statements for this month.', {}, LOADED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create statements for 2025-05' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create the statements for 2025-05?' });
    expect(api.callsTo('POST /api/admin/payouts/generate')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Create statements for 2025-05' }));
    expect(await screen.findByText('Statements created: 3.')).toBeInTheDocument();
    const [sent] = api.callsTo('POST /api/admin/payouts/generate');
    expect(sent?.body).toEqual({ period: '2025-05' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(await screen.findByText('Due: 3 (€300.00). Paid: 0 (€0.00). Carried over: 0.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why a month cannot be made', async () => {
    mockApi({
      'GET /api/admin/payouts': () => jsonResponse(overview([month('2025-05', { canGenerate: true })])),
      'POST /api/admin/payouts/generate': () => apiError(409, { error: 'conflict', message: 'later_exists' }),
    });
    renderConsole('/admin/payouts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create statements for 2025-05' }, LOADED));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create statements for 2025-05' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A later month has statements already');
  });

  it('marks a statement paid with the bank’s date and reference, showing the fields a 422 refused, in German', async () => {
    let refuse = true;
    const api = mockApi({
      'GET /api/admin/payouts': () => jsonResponse(overview([april])),
      'GET /api/admin/payouts/2025-04': () => jsonResponse(page([statement(1)], april)),
      'POST /api/admin/payouts/statements/1/paid': () => {
        if (refuse) {
          refuse = false;
          return apiError(422, {
            error: 'validation_failed',
            message: 'validation_failed',
            errors: { reference: ['errors.console.payouts.reference'] },
          });
        }
        return jsonResponse({ outcome: 'done', statement: statement(1, { state: 'paid', paidOn: '2025-05-02' }) });
      },
    });
    renderConsole('/admin/payouts?month=2025-04', { locale: 'de' });
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Abrechnungen für 2025-04' }, LOADED);
    expect(await within(grid).findByText('6.172,80 €')).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: 'Als bezahlt markieren: Show 1' }));
    const dialog = await screen.findByRole('dialog', { name: /Die Abrechnung von Show 1 für 2025-04/ });
    expect(within(dialog).getByText(/6.172,80 €/)).toBeInTheDocument();
    const date = within(dialog).getByLabelText(/Zahlungsdatum/);
    await user.clear(date);
    await user.type(date, '2025-05-02');
    await user.type(within(dialog).getByLabelText(/Verwendungszweck/), '=calc');
    await user.click(within(dialog).getByRole('button', { name: 'Als bezahlt markieren' }));
    const reference = within(dialog).getByLabelText(/Verwendungszweck/);
    await waitFor(() => expect(reference).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(/Geben Sie den Verwendungszweck der Bank ein/)).toBeInTheDocument();
    await user.clear(reference);
    await user.type(reference, 'SEPA 2025-04');
    await user.click(within(dialog).getByRole('button', { name: 'Als bezahlt markieren' }));
    expect(await screen.findByText(/ist als bezahlt markiert/)).toBeInTheDocument();
    const calls = api.callsTo('POST /api/admin/payouts/statements/1/paid');
    expect(calls.map((c) => c.body)).toEqual([
      { paidOn: '2025-05-02', reference: '=calc' },
      { paidOn: '2025-05-02', reference: 'SEPA 2025-04' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the months cannot be read', async () => {
    mockApi({ 'GET /api/admin/payouts': () => apiError(500, { error: 'internal', message: 'internal' }) });
    renderConsole('/admin/payouts');
    expect(await screen.findByText(/Something went wrong on the server/, {}, LOADED)).toBeInTheDocument();
  });
});
