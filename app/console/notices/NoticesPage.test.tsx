import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { NoticeDetail, NoticeList } from '#common/api/admin-notices.ts';
import { renderConsole } from '../testing.tsx';

const list = (over: Partial<NoticeList> = {}): NoticeList => ({
  rows: [
    {
      id: 41,
      createdAt: '2026-11-28T09:30:00.000Z',
      category: 'copyright',
      status: 'open',
      urls: 2,
      explanation: 'This is my film.',
      decidedAt: null,
      action: null,
      ground: null,
      decidedByName: null,
    },
  ],
  total: 1,
  openNotices: 1,
  openComplaints: 0,
  ...over,
});

const notice = (over: Partial<NoticeDetail> = {}): NoticeDetail => ({
  id: 41,
  status: 'open',
  createdAt: '2026-11-28T09:30:00.000Z',
  category: 'copyright',
  name: 'Rights Holder',
  email: 'rights@example.org',
  explanation: 'This is my film.',
  targets: [
    {
      id: 1,
      url: 'https://site.example/videos/clip/7',
      kind: 'video',
      targetId: 7,
      title: 'Beach Clip',
      status: 'published',
      showName: 'Anna',
      publicPath: '/videos/clip/7',
    },
    {
      id: 2,
      url: 'https://elsewhere.example/x',
      kind: 'other',
      targetId: null,
      title: null,
      status: null,
      showName: null,
      publicPath: null,
    },
  ],
  decidedAt: null,
  decidedByName: null,
  action: null,
  ground: null,
  reasoning: null,
  automated: false,
  effect: null,
  complaints: [],
  mayDecideComplaints: true,
  ...over,
});

const decided = (over: Partial<NoticeDetail> = {}) =>
  notice({
    status: 'decided',
    decidedAt: '2026-11-28T10:00:00.000Z',
    decidedByName: 'Mod One',
    action: 'remove',
    ground: 'terms',
    reasoning: 'No licence.',
    effect: 'removed',
    ...over,
  });

describe('the notices list', () => {
  it('lists the open notices with their counts, and asks the server again for a filter', async () => {
    const api = mockApi({ 'GET /api/admin/notices': () => jsonResponse(list()) });
    renderConsole('/admin/notices');
    expect(
      await screen.findByRole('heading', { name: 'Notices and complaints' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open Notice #41' })).toHaveAttribute('href', '/admin/notices/41');
    expect(screen.getByText('Open notices: 1; open complaints: 0.')).toBeInTheDocument();
    expect(screen.getByText('Copyright or trademark infringement')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'Decided' }));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('state') === 'decided')).toBe(true));
  });

  it('says when there is nothing, and shows the complaints in their tab, in German', async () => {
    mockApi({
      'GET /api/admin/notices': () => jsonResponse(list({ rows: [], total: 0, openNotices: 0, openComplaints: 1 })),
      'GET /api/admin/notices/complaints': () =>
        jsonResponse({
          rows: [
            {
              id: 9,
              noticeId: 41,
              party: 'performer',
              status: 'open',
              createdAt: '2026-11-28T11:00:00.000Z',
              decidedAt: null,
              text: 'I own the rights.',
            },
          ],
          total: 1,
        }),
    });
    renderConsole('/admin/notices', { locale: 'de' });
    expect(
      await screen.findByRole('heading', { name: 'Meldungen und Beschwerden' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Hier ist keine Meldung.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Beschwerden' }));
    expect(await screen.findByText('I own the rights.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meldung #41 öffnen' })).toHaveAttribute(
      'href',
      '/admin/notices/41#complaint-9',
    );
  });

  it('reads again when the operators’ socket says the notices changed', async () => {
    let open = 1;
    mockApi({ 'GET /api/admin/notices': () => jsonResponse(list({ openNotices: open })) });
    const { live } = renderConsole('/admin/notices');
    expect(
      await screen.findByText('Open notices: 1; open complaints: 0.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    open = 2;
    live.changed(['notices']);
    expect(await screen.findByText('Open notices: 2; open complaints: 0.')).toBeInTheDocument();
  });
});

describe('a notice', () => {
  it('shows what it names, checks the form, confirms, decides and says so', async () => {
    let current = notice();
    const api = mockApi({
      'GET /api/admin/notices/41': () => jsonResponse(current),
      'POST /api/admin/notices/41/decision': () => {
        current = decided();
        return jsonResponse({ outcome: 'done' });
      },
    });
    renderConsole('/admin/notices/41');
    expect(await screen.findByRole('heading', { name: 'Notice #41' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Video: Beach Clip', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Not on this site, or unknown: check by hand')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the public page' })).toHaveAttribute('href', '/videos/clip/7');
    const user = userEvent.setup();
    // Nothing chosen: each field says what is missing, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Decide and notify' }));
    expect(screen.getAllByText('Please choose one.')).toHaveLength(2);
    expect(screen.getByText('Please confirm that you decided this yourself.')).toBeInTheDocument();
    // A ground that does not fit the action.
    await user.click(screen.getByRole('radio', { name: /Remove it/ }));
    await user.click(screen.getByRole('radio', { name: 'No violation' }));
    await user.click(screen.getByRole('button', { name: 'Decide and notify' }));
    expect(screen.getByText(/The ground does not fit/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Violation of the terms and conditions' }));
    await user.type(screen.getByRole('textbox', { name: /Facts and reasoning/ }), 'No licence.');
    await user.click(screen.getByRole('checkbox', { name: /I decided this myself/ }));
    await user.click(screen.getByRole('button', { name: 'Decide and notify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide this notice?' });
    expect(dialog).toHaveTextContent('The content is removed now');
    expect(api.callsTo('POST /api/admin/notices/41/decision')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText(/The notice has been decided/)).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/admin/notices/41/decision');
    expect(call?.body).toEqual({ action: 'remove', ground: 'terms', reasoning: 'No licence.', automated: false });
    expect(call?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(
      await screen.findByText(
        'Removed; ground: Violation of the terms and conditions; by Mod One, 2026-11-28 10:00 UTC.',
      ),
    ).toBeInTheDocument();
  });

  it('says in words when someone else decided first', async () => {
    mockApi({
      'GET /api/admin/notices/41': () => jsonResponse(notice()),
      'POST /api/admin/notices/41/decision': () => apiError(409, { error: 'conflict', message: 'notice_decided' }),
    });
    renderConsole('/admin/notices/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Keep it online' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('radio', { name: 'No violation' }));
    await user.type(screen.getByRole('textbox', { name: /Facts and reasoning/ }), 'Licensed.');
    await user.click(screen.getByRole('checkbox', { name: /I decided this myself/ }));
    await user.click(screen.getByRole('button', { name: 'Decide and notify' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText(/Someone else decided this notice meanwhile/)).toBeInTheDocument();
  });

  it('shows a 422’s field errors at their fields', async () => {
    mockApi({
      'GET /api/admin/notices/41': () => jsonResponse(notice()),
      'POST /api/admin/notices/41/decision': () =>
        apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { reasoning: ['errors.validations.control_characters'] },
        }),
    });
    renderConsole('/admin/notices/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Keep it online' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('radio', { name: 'No violation' }));
    await user.type(screen.getByRole('textbox', { name: /Facts and reasoning/ }), 'x');
    await user.click(screen.getByRole('checkbox', { name: /I decided this myself/ }));
    await user.click(screen.getByRole('button', { name: 'Decide and notify' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('This contains characters that are not allowed.')).toBeInTheDocument();
  });

  it('decides a complaint after asking; the moderator who decided the notice is told another must', async () => {
    const complaint = {
      id: 9,
      party: 'performer' as const,
      text: 'I own the rights.',
      status: 'open' as const,
      createdAt: '2026-11-28T11:00:00.000Z',
      decidedAt: null,
      decidedByName: null,
      reasoning: null,
    };
    const api = mockApi({
      'GET /api/admin/notices/41': () => jsonResponse(decided({ complaints: [complaint] })),
      'POST /api/admin/notices/complaints/9/decision': () => jsonResponse({ outcome: 'done' }),
    });
    renderConsole('/admin/notices/41');
    const card = await screen.findByRole('article', { name: /Complaint #9 by the performer/ });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('radio', { name: /Reject/ }));
    await user.type(within(card).getByRole('textbox', { name: /Reasons for the outcome/ }), 'The licence stands.');
    await user.click(within(card).getByRole('button', { name: 'Decide the complaint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide this complaint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText(/The complaint has been decided/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/notices/complaints/9/decision')[0]?.body).toEqual({
      outcome: 'rejected',
      reasoning: 'The licence stands.',
    });
  });

  it('in German, tells the deciding moderator that another must decide the complaint', async () => {
    mockApi({
      'GET /api/admin/notices/41': () =>
        jsonResponse(
          decided({
            mayDecideComplaints: false,
            complaints: [
              {
                id: 9,
                party: 'notifier',
                text: 'Bitte noch einmal prüfen.',
                status: 'open',
                createdAt: '2026-11-28T11:00:00.000Z',
                decidedAt: null,
                decidedByName: null,
                reasoning: null,
              },
            ],
          }),
        ),
    });
    renderConsole('/admin/notices/41', { locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Meldung #41' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(
      await screen.findByText(/muss eine andere Person aus der Moderation/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Beschwerde entscheiden' })).not.toBeInTheDocument();
  });

  it('says when there is no such notice', async () => {
    mockApi({ 'GET /api/admin/notices/99': () => apiError(404, { error: 'not_found', message: 'not_found' }) });
    renderConsole('/admin/notices/99');
    expect(await screen.findByText(/This no longer exists/)).toBeInTheDocument();
  });
});
