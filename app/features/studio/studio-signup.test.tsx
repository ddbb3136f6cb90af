import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioApplication } from '#common/api/onboarding.ts';
import { StudioOnboardingPage } from './StudioOnboardingPage.tsx';
import { StudioSignupPage } from './StudioSignupPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const categories = () =>
  jsonResponse({
    data: [
      { id: 1, slug: 'all', name: 'All shows', description: '' },
      { id: 2, slug: 'newcomers', name: 'Newcomers', description: '' },
      { id: 3, slug: 'top-rated', name: 'Top rated', description: '' },
    ],
    search_categories: [],
  });

const application = (over: Partial<StudioApplication['application']> = {}): StudioApplication => ({
  performer: { id: 7, email: 'nova@example.com', status: 'pending' },
  application: {
    showName: 'Nova Lights',
    emailConfirmed: false,
    documents: { id_front: false, id_back: false, selfie: false },
    idCheck: { state: 'none', reason: null, attemptsLeft: 3, mayStart: true },
    submitted: false,
    rejectionReason: null,
    missing: ['email', 'id_front', 'selfie', 'id_check'],
    ...over,
  },
});

async function fillValid() {
  await userEvent.type(await screen.findByLabelText(/e-mail address/i), 'nova@example.com');
  await userEvent.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'Stage-Lights-2026');
  await userEvent.type(screen.getByLabelText(/show name/i), 'Nova Lights');
  await userEvent.click(screen.getByRole('checkbox', { name: 'English' }));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Newcomers' }));
  await userEvent.click(screen.getByRole('checkbox', { name: /at least 18 years old/ }));
}

describe('studio sign-up form', () => {
  it('shows the shared schema’s errors at their fields before anything is sent', async () => {
    const api = mockApi({ 'GET /api/categories': categories });
    renderWithProviders(<StudioSignupPage />, { route: '/studio/signup' });
    await screen.findByRole('checkbox', { name: 'Newcomers' });
    expect(screen.queryByRole('checkbox', { name: 'All shows' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/show name/i), 'x!');
    await userEvent.click(screen.getByRole('button', { name: 'Create my studio account' }));
    expect(await screen.findByText('Choose at least one language.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one category.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm that you are 18 or older and accept the terms.')).toBeInTheDocument();
    expect(screen.getByLabelText(/show name/i)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/studio/signup')).toHaveLength(0);
  });

  it('sends the form and shows the server’s field errors (a taken show name) at the field', async () => {
    let calls = 0;
    const api = mockApi({
      'GET /api/categories': categories,
      'POST /api/studio/signup': () => {
        calls += 1;
        return calls === 1
          ? apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { showName: ['studio.signup.errors.show_name_taken'] },
            })
          : jsonResponse(application(), 201);
      },
      'GET /api/studio/application': () => jsonResponse(application()),
    });
    const view = renderWithProviders(<StudioSignupPage />, {
      route: '/studio/signup',
      path: '/studio/signup',
      routes: [{ path: '/studio/onboarding', element: <StudioOnboardingPage /> }],
    });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create my studio account' }));
    expect(await screen.findByText('This show name is taken.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/studio/signup')[0]?.body).toEqual({
      email: 'nova@example.com',
      password: 'Stage-Lights-2026',
      showName: 'Nova Lights',
      languages: ['en'],
      categories: [2],
      terms: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create my studio account' }));
    expect(await screen.findByRole('heading', { name: 'Your application' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/studio/onboarding');
  });

  it('says so when sign-ups from this address are throttled', async () => {
    mockApi({
      'GET /api/categories': categories,
      'POST /api/studio/signup': () => apiError(429, { error: 'throttled', message: 'throttled' }),
    });
    renderWithProviders(<StudioSignupPage />, { route: '/studio/signup' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create my studio account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('is in German', async () => {
    mockApi({ 'GET /api/categories': categories });
    renderWithProviders(<StudioSignupPage />, { route: '/studio/signup', lang: 'de' });
    expect(await screen.findByRole('heading', { name: 'Als Darstellerin bewerben' })).toBeInTheDocument();
    const languages = screen.getByRole('group', { name: 'Sprachen, die Sie in Ihrer Show sprechen' });
    expect(within(languages).getByRole('checkbox', { name: 'Deutsch' })).toBeInTheDocument();
  });
});

describe('onboarding page', () => {
  it('lists what is missing and keeps the check closed until the address and the pictures are there', async () => {
    mockApi({ 'GET /api/studio/application': () => jsonResponse(application()) });
    renderWithProviders(<StudioOnboardingPage />, { route: '/studio/onboarding' });
    expect(await screen.findByRole('heading', { name: /Confirm your e-mail address/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start the identity check' })).toBeDisabled();
  });

  it('shows a rejected application with the moderator’s reason', async () => {
    mockApi({
      'GET /api/studio/application': () =>
        jsonResponse({
          ...application({ rejectionReason: 'The selfie is blurred.', missing: [] }),
          performer: { id: 7, email: 'nova@example.com', status: 'rejected' },
        }),
    });
    renderWithProviders(<StudioOnboardingPage />, { route: '/studio/onboarding' });
    expect(await screen.findByTestId('application-status')).toHaveTextContent('The selfie is blurred.');
    expect(screen.queryByRole('button', { name: 'Start the identity check' })).not.toBeInTheDocument();
  });
});
