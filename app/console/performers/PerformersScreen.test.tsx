import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { PerformerApplication } from '#common/api/admin-performers.ts';
import { renderConsole } from '../testing.tsx';

const application = (over: Partial<PerformerApplication> = {}): PerformerApplication => ({
  id: 7,
  showName: 'Nova Lights',
  email: 'nova@example.com',
  status: 'pending',
  languages: ['en', 'de'],
  categories: ['Dance'],
  emailConfirmed: true,
  submittedAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
  rejectionReason: null,
  idCheck: { state: 'passed', reason: null, providerNow: null },
  attempts: [
    {
      provider: 'sandbox',
      state: 'failed',
      reason: 'face_not_visible',
      startedAt: '2026-11-28T10:00:00.000Z',
      updatedAt: '2026-11-28T10:05:00.000Z',
    },
    {
      provider: 'sandbox',
      state: 'passed',
      reason: null,
      startedAt: '2026-11-28T11:00:00.000Z',
      updatedAt: '2026-11-28T11:02:00.000Z',
    },
  ],
  maxAttempts: 3,
  documents: [
    { kind: 'id_front', state: 'shown' },
    { kind: 'id_back', state: 'missing' },
    { kind: 'selfie', state: 'shown' },
  ],
  open: true,
  approvable: true,
  custodian: 'Records Office, Example Street 1',
  ...over,
});

const LOAD = { timeout: 10_000 };
const SLOW = 60_000;

const queueRow = {
  id: 7,
  showName: 'Nova Lights',
  email: 'nova@example.com',
  idCheck: { state: 'passed', reason: null },
  emailConfirmed: true,
  submittedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
};

describe('the applications queue', () => {
  it(
    'lists the waiting applications, asks the server to filter, and leads to one',
    async () => {
      const api = mockApi({
        'GET /api/admin/performers': () => jsonResponse({ rows: [queueRow], total: 1 }),
        'GET /api/admin/performers/7': () => jsonResponse(application()),
      });
      const { router } = renderConsole('/admin/performers', { roles: ['moderator'] });
      // The screen is a chunk of its own, loaded when first opened.
      expect(await screen.findByRole('heading', { name: 'Performer applications' }, LOAD)).toBeInTheDocument();
      const link = await screen.findByRole('link', { name: 'Nova Lights' }, LOAD);
      expect(screen.getByText('3 h')).toBeInTheDocument();
      expect(api.callsTo('GET /api/admin/performers')[0]?.query.get('sort')).toBe('submittedAt');
      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'ID check' }));
      await user.click(await screen.findByRole('option', { name: 'passed' }));
      await waitFor(() => expect(api.callsTo('GET /api/admin/performers').at(-1)?.query.get('state')).toBe('passed'));
      await user.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/performers/7'));
      expect(await screen.findByRole('heading', { name: 'Application: Nova Lights' })).toBeInTheDocument();
    },
    SLOW,
  );

  it('says so when nothing waits, in German', async () => {
    mockApi({ 'GET /api/admin/performers': () => jsonResponse({ rows: [], total: 0 }) });
    renderConsole('/admin/performers', { roles: ['moderator'], locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Bewerbungen von Darstellerinnen' })).toBeInTheDocument();
    expect(await screen.findByText('Keine Bewerbung wartet.')).toBeInTheDocument();
  });
});

describe('an application', () => {
  it(
    'shows her facts and pictures with their names; approval asks for the record and a confirmation, then says it is done',
    async () => {
      let current = application();
      const api = mockApi({
        'GET /api/admin/performers/7': () => jsonResponse(current),
        'POST /api/admin/performers/7/approve': () => {
          current = application({ status: 'active', open: false, approvable: false });
          return jsonResponse({ outcome: 'done', status: 'active' });
        },
      });
      renderConsole('/admin/performers/7', { roles: ['moderator'] });
      expect(await screen.findByRole('heading', { name: 'Application: Nova Lights' }, LOAD)).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'ID document, front' })).toHaveAttribute(
        'src',
        '/api/admin/performers/7/documents/id_front',
      );
      expect(screen.getByRole('img', { name: 'Selfie' })).toBeInTheDocument();
      expect(screen.getByText('not uploaded')).toBeInTheDocument();
      expect(screen.getByText('passed', { selector: '[data-fact="ID provider result"]' })).toBeInTheDocument();
      // Every identity check she started, with the provider's reason of the refused one.
      const attempts = screen.getByRole('table', { name: 'Identity checks of this application, first first' });
      const rows = within(attempts).getAllByRole('row');
      expect(rows.map((row) => row.textContent)).toEqual([
        'No.StartedProviderResult',
        '12026-11-28 10:00 UTCsandboxfailed: face not clearly visible',
        '22026-11-28 11:00 UTCsandboxpassed',
      ]);
      expect(screen.getByText('2 of 3 attempts used')).toBeInTheDocument();
      // A moderator has no records section.
      expect(screen.queryByRole('heading', { name: '2257 record' })).not.toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Approve' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve with the 2257 record' });
      await user.type(within(dialog).getByLabelText('Legal name'), 'Nora Example');
      await user.type(within(dialog).getByLabelText('Date of birth'), '1996-07-21');
      await user.selectOptions(within(dialog).getByLabelText('Type of ID'), 'passport');
      await user.type(within(dialog).getByLabelText('ID number'), 'C01X00T47');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect(within(dialog).getByText(/Approve Nova Lights\?/)).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/performers/7/approve')).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText('The application is approved; her show is listed.')).toBeInTheDocument();
      const [call] = api.callsTo('POST /api/admin/performers/7/approve');
      expect(call?.body).toMatchObject({ legalName: 'Nora Example', idType: 'passport', idNumber: 'C01X00T47' });
      expect(call?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(await screen.findByText('This application has been decided already.')).toBeInTheDocument();
    },
    SLOW,
  );

  it('shows the record’s refusals at their fields', async () => {
    mockApi({
      'GET /api/admin/performers/7': () => jsonResponse(application()),
      'POST /api/admin/performers/7/approve': () =>
        apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { dateOfBirth: ['errors.console.underage'] },
        }),
    });
    renderConsole('/admin/performers/7', { roles: ['admin'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('The performer is under 18 on the date of the check.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects with a reason after a confirmation, in German, and says a refusal in words', async () => {
    const api = mockApi({
      'GET /api/admin/performers/7': () =>
        jsonResponse(
          application({ approvable: false, idCheck: { state: 'started', reason: null, providerNow: 'open' } }),
        ),
      'POST /api/admin/performers/7/reject': () => apiError(409, { error: 'conflict', message: 'decided' }),
    });
    renderConsole('/admin/performers/7', { roles: ['moderator'], locale: 'de' });
    expect(await screen.findByText(/setzt eine bestandene Identitätsprüfung/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
    expect(screen.getByText('nicht bestanden: Gesicht nicht deutlich sichtbar')).toBeInTheDocument();
    expect(screen.getByText('2 von 3 Versuchen genutzt')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ablehnen' });
    await user.type(within(dialog).getByLabelText(/^Grund/), 'Das Selfie ist unscharf.');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(within(dialog).getByText(/Nova Lights ablehnen\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Über diese Bewerbung wurde bereits entschieden.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/performers/7/reject')[0]?.body).toEqual({ reason: 'Das Selfie ist unscharf.' });
  });

  it('shows administrators the 2257 record of an approved performer; the pictures stay with the records', async () => {
    mockApi({
      'GET /api/admin/performers/7': () =>
        jsonResponse(
          application({
            status: 'active',
            open: false,
            approvable: false,
            decidedAt: '2026-11-28T12:00:00.000Z',
            documents: [
              { kind: 'id_front', state: 'shown' },
              { kind: 'id_back', state: 'missing' },
              { kind: 'selfie', state: 'shown' },
            ],
          }),
        ),
      'GET /api/admin/performers/7/records': () =>
        jsonResponse({
          showName: 'Nova Lights',
          record: {
            legalName: 'Nora Example',
            dateOfBirth: '1996-07-21',
            idType: 'passport',
            idNumber: 'C01X00T47',
            checkedOn: '2026-11-28',
            custodian: 'Records Office',
            recordedBy: 3,
            recordedAt: '2026-11-28T12:00:00.000Z',
          },
        }),
    });
    renderConsole('/admin/performers/7', { roles: ['admin'] });
    expect(await screen.findByRole('heading', { name: '2257 record' })).toBeInTheDocument();
    expect(await screen.findByText('C01X00T47')).toBeInTheDocument();
    expect(screen.getByText('Passport')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
