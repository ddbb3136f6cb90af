import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioApplication } from '#common/api/onboarding.ts';
import { StudioOnboardingPage } from './StudioOnboardingPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** Her application after the ID provider refused a check: pictures there, a new attempt open. */
const refused = (idCheck: Partial<StudioApplication['application']['idCheck']> = {}): StudioApplication => ({
  performer: { id: 7, email: 'nova@example.com', status: 'pending' },
  application: {
    showName: 'Nova Lights',
    emailConfirmed: true,
    documents: { id_front: true, id_back: false, selfie: true },
    idCheck: { state: 'failed', reason: 'face_not_visible', attemptsLeft: 2, mayStart: true, ...idCheck },
    submitted: true,
    rejectionReason: null,
    missing: ['id_check'],
  },
});

describe('a new identity check after a refusal', () => {
  it('says why in words, how many attempts are left, and opens a new check at the provider', async () => {
    // A link on this page's own address: the browser goes there without leaving the test's document.
    const link = new URL('#provider-session-2', window.location.href).href;
    const api = mockApi({
      'GET /api/studio/application': () => jsonResponse(refused()),
      'POST /api/studio/application/check': () => jsonResponse({ link }),
    });
    renderWithProviders(<StudioOnboardingPage />, { route: '/studio/onboarding' });
    expect(await screen.findByTestId('check-state')).toHaveTextContent(
      'The check did not succeed: your face was not clearly visible.',
    );
    expect(screen.getByTestId('check-retry')).toHaveTextContent('You can try again (2 attempts left)');
    // Her pictures may be replaced before she tries again.
    expect(screen.getAllByText('Replace picture')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Start a new identity check' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#provider-session-2'));
    expect(api.callsTo('POST /api/studio/application/check')).toHaveLength(1);
  });

  it('offers no new check once every attempt is used, and says what happens instead', async () => {
    mockApi({ 'GET /api/studio/application': () => jsonResponse(refused({ attemptsLeft: 0, mayStart: false })) });
    renderWithProviders(<StudioOnboardingPage />, { route: '/studio/onboarding' });
    expect(await screen.findByTestId('check-retry')).toHaveTextContent(
      'You have used every identity check of your application.',
    );
    expect(screen.queryByRole('button', { name: 'Start a new identity check' })).not.toBeInTheDocument();
  });

  it('tells her in words when the server refuses the start because every attempt is used', async () => {
    let reads = 0;
    mockApi({
      'GET /api/studio/application': () => {
        reads += 1;
        return jsonResponse(refused({ attemptsLeft: 1 }));
      },
      'POST /api/studio/application/check': () =>
        apiError(409, { error: 'id_check_attempts_used', message: 'id_check_attempts_used' }),
    });
    renderWithProviders(<StudioOnboardingPage />, { route: '/studio/onboarding' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a new identity check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have used every identity check of your application. A moderator looks at it',
    );
    // Her application is read again: the server's word on her attempts counts.
    await vi.waitFor(() => expect(reads).toBeGreaterThan(1));
  });

  it('is in German', async () => {
    mockApi({
      'GET /api/studio/application': () => jsonResponse(refused({ reason: 'not_finished', attemptsLeft: 1 })),
    });
    renderWithProviders(<StudioOnboardingPage />, { route: '/studio/onboarding', lang: 'de' });
    expect(await screen.findByTestId('check-state')).toHaveTextContent(
      'Die Prüfung war nicht erfolgreich: die Prüfung wurde nicht rechtzeitig abgeschlossen.',
    );
    expect(screen.getByTestId('check-retry')).toHaveTextContent('Sie können es noch einmal versuchen');
    expect(screen.getByRole('button', { name: 'Neue Identitätsprüfung starten' })).toBeEnabled();
  });
});
