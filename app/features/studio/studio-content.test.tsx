import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { ContentItem } from '#common/api/uploads.ts';
import { StudioContentList } from './StudioContentList.tsx';
import { StudioUploadProgress } from './StudioUploadProgress.tsx';

const item = (over: Partial<ContentItem>): ContentItem => ({
  kind: 'video',
  id: 1,
  titleEn: 'Beach day',
  titleDe: 'Strandtag',
  descriptionEn: '',
  descriptionDe: '',
  tags: [],
  price: 30,
  partPrices: [0, 30],
  status: 'pending',
  reason: null,
  editPending: false,
  processing: 'done',
  progress: 100,
  error: null,
  duration: 12,
  pictures: 0,
  createdAt: '2026-11-25T00:00:00.000Z',
  ...over,
});

describe('My content', () => {
  it('shows each item with its status, the moderator reason, processing and a pending change', async () => {
    mockApi({
      'GET /api/studio/content': () =>
        jsonResponse({
          data: [
            item({ id: 1, status: 'rejected', reason: 'Too dark' }),
            item({ id: 2, titleEn: 'Running', processing: 'running', progress: 40 }),
            item({ id: 3, kind: 'gallery', titleEn: 'Holiday', status: 'published', editPending: true, pictures: 4 }),
            item({ id: 4, titleEn: 'Broken', processing: 'failed', error: 'the video cannot be read' }),
          ],
        }),
    });
    renderWithProviders(<StudioContentList />);
    expect(await screen.findByText('Reason: Too dark')).toBeVisible();
    expect(screen.getByText('Rejected')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Processing: 40 %');
    expect(screen.getByText('Change waiting for review')).toBeVisible();
    expect(screen.getByText('4 pictures')).toBeVisible();
    expect(screen.getByText('Processing failed: the video cannot be read')).toBeVisible();
  });

  it('sends a change of texts and prices for review', async () => {
    const api = mockApi({
      'GET /api/studio/content': () => jsonResponse({ data: [item({ status: 'published' })] }),
      'PATCH /api/studio/content/videos/1': () => jsonResponse({ ok: true }),
    });
    renderWithProviders(<StudioContentList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Beach day' }));
    const title = screen.getByLabelText('Title (English)');
    await userEvent.clear(title);
    await userEvent.type(title, 'Beach evening');
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/studio/content/videos/1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/studio/content/videos/1')[0]?.body).toMatchObject({
      titleEn: 'Beach evening',
      partPrices: [0, 30],
    });
  });

  it('shows the upload as a labelled progress bar with its percentage, and pause', async () => {
    const control = { done: Promise.resolve('x'), pause: vi.fn(), resume: vi.fn() };
    renderWithProviders(
      <StudioUploadProgress name="beach.mp4" status={{ phase: 'sending', sent: 50, size: 200 }} control={control} />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Upload beach.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '25 %');
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(control.pause).toHaveBeenCalled();
  });
});
