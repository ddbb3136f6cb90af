import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioStatement } from '#common/api/notices.ts';
import { StudioStatementsPage } from './StudioStatementsPage.tsx';
import { studioMe } from './testing.ts';

const statement = (over: Partial<StudioStatement> = {}): StudioStatement => ({
  id: 7,
  notice_id: 42,
  created_at: '2026-11-20T10:00:00.000Z',
  restricted: [{ kind: 'video', title: 'Beach <b>day</b>' }],
  ground: 'illegal',
  reasoning: 'The clip is the notifier’s film.',
  automated: false,
  complaint_until: '2027-05-20T10:00:00.000Z',
  can_complain: true,
  complaint: null,
  ...over,
});

const open = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<StudioStatementsPage />, { route: '/studio/statements', path: '/studio/statements', lang });

describe('the studio’s decisions page', () => {
  it('shows a statement of reasons and sends her complaint', async () => {
    let complained = false;
    const api = mockApi({
      'GET /api/studio/me': () => jsonResponse(studioMe()),
      'GET /api/studio/conversations/count': () => jsonResponse({ unread: 0 }),
      'GET /api/studio/statements': () =>
        jsonResponse({
          data: [
            complained
              ? statement({
                  can_complain: false,
                  complaint: { status: 'open', text: 'Mine.', created_at: '2026-11-21T10:00:00.000Z', reasoning: null },
                })
              : statement(),
          ],
        }),
      'POST /api/studio/statements/7/complaint': () => {
        complained = true;
        return jsonResponse(statement(), 201);
      },
    });
    open();
    const card = await screen.findByRole('article', { name: /Notice #42/ }, { timeout: 5_000 });
    expect(within(card).getByText('Video: Beach <b>day</b>')).toBeInTheDocument();
    expect(within(card).getByText('Illegal content')).toBeInTheDocument();
    expect(within(card).getByText(/no automated means were used/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Decisions' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(within(card).getByRole('textbox', { name: 'Your complaint' }), 'Mine.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send complaint' }));
    expect(await within(card).findByText(/You complained on/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/studio/statements/7/complaint')[0]?.body).toEqual({ text: 'Mine.' });
  });

  it('says so when a complaint is refused, in German', async () => {
    mockApi({
      'GET /api/studio/me': () => jsonResponse(studioMe()),
      'GET /api/studio/conversations/count': () => jsonResponse({ unread: 0 }),
      'GET /api/studio/statements': () => jsonResponse({ data: [statement()] }),
      'POST /api/studio/statements/7/complaint': () =>
        apiError(409, { error: 'conflict', message: 'complaint_closed' }),
    });
    open('de');
    const card = await screen.findByRole('article', { name: /Meldung #42/ }, { timeout: 5_000 });
    await userEvent.type(within(card).getByRole('textbox', { name: 'Ihre Beschwerde' }), 'Meine.');
    await userEvent.click(within(card).getByRole('button', { name: 'Beschwerde senden' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Frist');
  });

  it('tells her when there is nothing', async () => {
    mockApi({
      'GET /api/studio/me': () => jsonResponse(studioMe()),
      'GET /api/studio/conversations/count': () => jsonResponse({ unread: 0 }),
      'GET /api/studio/statements': () => jsonResponse({ data: [] }),
    });
    open();
    expect(
      await screen.findByText('There are no decisions about your content.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
