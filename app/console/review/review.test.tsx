import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { ReviewItem } from '#common/api/admin-review.ts';
import { renderConsole } from '../testing.tsx';

/** The screen's chunk (with the data grid) loads on first use: slow on a busy machine. */
const LOADED = { timeout: 20_000 };

const summary = {
  id: 7,
  kind: 'new_video' as const,
  title: { en: 'Beach walk', de: 'Strandspaziergang' },
  showName: 'Nova',
  performerEmail: 'nova@example.com',
  submittedAt: '2026-11-29T09:15:00.000Z',
};
const item: ReviewItem = {
  ...summary,
  kind: 'video_edit',
  universalId: '123',
  texts: [
    { field: 'titleEn', current: 'Beach walk', proposed: 'Beach run' },
    { field: 'titleDe', current: 'Strandspaziergang', proposed: null },
  ],
  tags: null,
  parts: [{ part: 1, seconds: 2, price: 0, proposedPrice: 20, playable: true }],
  price: null,
  pictures: [],
  poster: true,
};

describe('the review queue', { timeout: 60_000 }, () => {
  it('lists what waits, reads it again when the socket says so, and opens an item', async () => {
    let total = 1;
    const api = mockApi({
      'GET /api/admin/review': () => jsonResponse({ items: [summary], total }),
      'GET /api/admin/review/7': () => jsonResponse(item),
    });
    const { live, router } = renderConsole('/admin/review', { roles: ['moderator'] });
    expect(await screen.findByRole('heading', { name: 'Review queue' }, LOADED)).toBeInTheDocument();
    expect(await screen.findByText('1 waiting', {}, LOADED)).toBeInTheDocument();
    total = 2;
    live.changed(['review']);
    expect(await screen.findByText('2 waiting')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/review')[0]?.query.get('page')).toBe('1');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open: Beach walk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/review/7'));
    expect(
      await screen.findByRole('heading', { name: 'Change of a published video: Beach walk' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Poster of the video' })).toHaveAttribute(
      'src',
      '/api/admin/review/7/poster',
    );
    expect(screen.getByText(/Proposed: Beach run/)).toBeInTheDocument();
  });

  it('rejects with a reason in a dialog, shows the field error of a refusal, then says it is done', async () => {
    let refuse = true;
    const api = mockApi({
      'GET /api/admin/review/7': () => jsonResponse(item),
      'GET /api/admin/review': () => jsonResponse({ items: [], total: 0 }),
      'POST /api/admin/review/7/reject': () =>
        refuse
          ? apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { reason: ['errors.validations.required'] },
            })
          : jsonResponse({ outcome: 'done', id: 7 }),
    });
    const { router } = renderConsole('/admin/review/7', { roles: ['moderator'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Reject this item?' });
    await user.type(within(dialog).getByLabelText(/Reason for the performer/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please fill this in.')).toBeInTheDocument();
    refuse = false;
    await user.type(within(dialog).getByLabelText(/Reason for the performer/), 'Too dark');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected: the performer sees your reason.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/review'));
    const sent = api.callsTo('POST /api/admin/review/7/reject');
    expect(sent.at(-1)?.body).toEqual({ reason: '   Too dark' });
    expect(sent.at(-1)?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('says in German that another moderator decided already', async () => {
    mockApi({
      'GET /api/admin/review/7': () => jsonResponse(item),
      'POST /api/admin/review/7/approve': () => apiError(409, { error: 'conflict', message: 'review_decided' }),
    });
    renderConsole('/admin/review/7', { roles: ['moderator'], locale: 'de' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Freigeben' }, LOADED));
    expect(
      await screen.findByText('Hierüber wurde bereits entschieden (von Ihnen oder einer anderen Moderation).'),
    ).toBeInTheDocument();
  });
});
