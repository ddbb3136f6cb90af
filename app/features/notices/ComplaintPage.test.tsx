import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { NotifierComplaintView } from '#common/api/notices.ts';
import { ComplaintPage } from './ComplaintPage.tsx';

const PATH = '/api/notices/42/complaint';
const ROUTE = '/notices/42/complaint?token=abc';

const view = (over: Partial<NotifierComplaintView> = {}): NotifierComplaintView => ({
  notice_id: 42,
  action: 'keep',
  reasoning: 'The video shows adults only; no rule was broken.',
  complaint_until: '2027-05-29T10:00:00.000Z',
  state: 'open',
  ...over,
});

const open = (route = ROUTE, lang?: 'de') =>
  renderWithProviders(<ComplaintPage />, { route, path: '/notices/:id/complaint', ...(lang ? { lang } : {}) });

async function send(text: string, button = 'Send complaint', label = /your complaint/i) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: label }), text);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('ComplaintPage', () => {
  it('shows the decision, its reasons and the time limit, read with the link’s token', async () => {
    const api = mockApi({ [`GET ${PATH}`]: () => jsonResponse(view()) });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complaint about the decision on notice #42' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our decision' })).toBeInTheDocument();
    expect(screen.getByText('The content stays online.')).toBeInTheDocument();
    expect(screen.getByText('The video shows adults only; no rule was broken.')).toBeInTheDocument();
    expect(screen.getByText('You can complain until May 29, 2027.')).toBeInTheDocument();
    expect(screen.getByText('0 / 5,000')).toBeInTheDocument();
    expect(api.callsTo(`GET ${PATH}`)[0]?.query.get('token')).toBe('abc');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
  });

  it('files the complaint with the token and the CSRF header, then thanks', async () => {
    const api = mockApi({
      [`GET ${PATH}`]: () => jsonResponse(view()),
      [`POST ${PATH}`]: () => jsonResponse(view({ state: 'filed' }), 201),
    });
    open();
    await send('  The video shows a minor.  ');
    expect(await screen.findByRole('status')).toHaveTextContent('Complaint received');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const [post] = api.callsTo(`POST ${PATH}`);
    expect(post?.body).toEqual({ token: 'abc', text: 'The video shows a minor.' });
    expect(post?.headers['x-xsrf-token']).toBe('test');
  });

  it('asks for a text before sending', async () => {
    const api = mockApi({ [`GET ${PATH}`]: () => jsonResponse(view()) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${PATH}`)).toHaveLength(0);
  });

  it('says in words that a complaint was already filed, or that the window closed meanwhile', async () => {
    let answer = apiError(409, { error: 'conflict', message: 'complaint_exists' });
    mockApi({ [`GET ${PATH}`]: () => jsonResponse(view()), [`POST ${PATH}`]: () => answer });
    open();
    await send('Again.');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We have already received a complaint about this decision.',
    );
    answer = apiError(409, { error: 'conflict', message: 'complaint_closed' });
    await userEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText(/The time for a complaint about this decision has passed/)).toBeInTheDocument();
  });

  it('says too many attempts and offline in words', async () => {
    let offline = false;
    mockApi({
      [`GET ${PATH}`]: () => jsonResponse(view()),
      [`POST ${PATH}`]: () => {
        if (offline) throw new TypeError('Failed to fetch');
        return apiError(429, { error: 'throttled', message: 'throttled' });
      },
    });
    open();
    await send('Text.');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts from your connection.');
    offline = true;
    await userEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText(/We could not reach the server/)).toBeInTheDocument();
  });

  it('shows a complaint filed before as received', async () => {
    mockApi({ [`GET ${PATH}`]: () => jsonResponse(view({ state: 'filed' })) });
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('We have received your complaint');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says a bad link is not valid', async () => {
    mockApi({ [`GET ${PATH}`]: () => apiError(404, { error: 'not_found', message: 'complaint_link_invalid' }) });
    open('/notices/42/complaint?token=wrong');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link not valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says the window is over', async () => {
    mockApi({ [`GET ${PATH}`]: () => apiError(410, { error: 'link_expired', message: 'complaint_closed' }) });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The time for a complaint has passed' }),
    ).toBeInTheDocument();
  });

  it('speaks German', async () => {
    const api = mockApi({
      [`GET ${PATH}`]: () => jsonResponse(view({ action: 'remove' })),
      [`POST ${PATH}`]: () => jsonResponse(view({ action: 'remove', state: 'filed' }), 201),
    });
    open(ROUTE, 'de');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Beschwerde gegen die Entscheidung zu Meldung #42' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Der Inhalt wurde entfernt.')).toBeInTheDocument();
    expect(screen.getByText('Sie können bis zum 29. Mai 2027 Beschwerde einlegen.')).toBeInTheDocument();
    await send('Das ist falsch.', 'Beschwerde senden', /ihre beschwerde/i);
    expect(await screen.findByRole('status')).toHaveTextContent('Beschwerde eingegangen');
    expect(api.callsTo(`POST ${PATH}`)).toHaveLength(1);
  });
});
