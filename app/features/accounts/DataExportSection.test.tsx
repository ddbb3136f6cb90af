import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { DataExportStatus } from '#common/api/data-export.ts';
import { DataExportSection } from './DataExportSection.tsx';

const NONE: DataExportStatus = {
  state: 'none',
  requested_at: null,
  ready_at: null,
  expires_at: null,
  downloaded_at: null,
  next_at: null,
  link: null,
};
const PENDING: DataExportStatus = {
  ...NONE,
  state: 'pending',
  requested_at: '2026-11-29T10:00:00.000Z',
  next_at: '2026-11-30T10:00:00.000Z',
};
const member = testUser();

describe('settings, your data', () => {
  it('asks for a copy, then says it is being prepared and when the next is possible', async () => {
    let status = NONE;
    const api = mockApi({
      'GET /api/user/data-export': () => jsonResponse(status),
      'POST /api/user/data-export': () => {
        status = PENDING;
        return jsonResponse(PENDING, 202);
      },
    });
    renderWithProviders(<DataExportSection />, { user: member });
    expect(screen.getByText(i18n.t('data_export.contents'))).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: i18n.t('data_export.request') }));
    expect(api.callsTo('POST /api/user/data-export')).toHaveLength(1);
    expect(await screen.findByText(/Your copy is being prepared/)).toHaveTextContent(/next copy/);
    expect(screen.getByRole('button', { name: i18n.t('data_export.request') })).toBeDisabled();
  });

  it('says in words when a copy was asked for less than a day ago', async () => {
    mockApi({
      'GET /api/user/data-export': () => jsonResponse(NONE),
      'POST /api/user/data-export': () =>
        apiError(429, { error: 'data_export_too_soon', message: 'data_export_too_soon', next_at: PENDING.next_at }),
    });
    renderWithProviders(<DataExportSection />, { user: member });
    await userEvent.click(await screen.findByRole('button', { name: i18n.t('data_export.request') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/less than 24 hours ago/);
  });

  it('offers the download of a mailed link, and explains a used one', async () => {
    mockApi({
      'GET /api/user/data-export': (call) =>
        jsonResponse({ ...PENDING, state: 'ready', link: call.query.get('token') === 'good' ? 'ready' : 'used' }),
    });
    const first = renderWithProviders(<DataExportSection />, {
      user: member,
      route: '/users/profile/settings?data_export=good',
    });
    expect(await screen.findByRole('link', { name: i18n.t('data_export.download') })).toHaveAttribute(
      'href',
      '/api/user/data-export/download?token=good',
    );
    first.unmount();
    renderWithProviders(<DataExportSection />, { user: member, route: '/users/profile/settings?data_export=old' });
    expect(await screen.findByText(i18n.t('data_export.link_used'))).toBeInTheDocument();
  });
});
