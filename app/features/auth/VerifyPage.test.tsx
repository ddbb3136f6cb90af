import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { apiError, mockApi } from './testing.ts';
import { VerifyPage } from './VerifyPage.tsx';

const unverified = testUser({ email: 'wait@example.org', is_verified: false });

describe('verify page', () => {
  it('tells an unverified member where the link went and resends it', async () => {
    const api = mockApi({ 'POST /api/register/resend': () => jsonResponse({ ok: true }) });
    renderWithProviders(<VerifyPage />, { route: '/verify', user: unverified });
    expect(screen.getByText(i18n.t('verify.text', { email: 'wait@example.org' }))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('verify.logout') })).toHaveAttribute('href', '/logout');
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('verify.resend') }));
    expect(await screen.findByText(i18n.t('verify.resent', { email: 'wait@example.org' }))).toBeInTheDocument();
    expect(api.callsTo('POST /api/register/resend')).toHaveLength(1);
  });

  it('a resend within the minute is throttled', async () => {
    mockApi({ 'POST /api/register/resend': () => apiError(429, { error: 'throttle', message: 'throttle' }) });
    renderWithProviders(<VerifyPage />, { route: '/verify', user: unverified });
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('verify.resend') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.throttle'));
  });

  it('visitors and verified members get a short note', () => {
    renderWithProviders(<VerifyPage />, { route: '/verify' });
    expect(screen.getByText(i18n.t('verify.visitor'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: i18n.t('verify.resend') })).not.toBeInTheDocument();
  });
});
