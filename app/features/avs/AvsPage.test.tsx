import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StatusResponse } from '#common/api/avs.ts';
import { AvsCheckStatus } from './AvsCheckStatus.tsx';
import { AvsPage } from './AvsPage.tsx';
import { browser } from './api.ts';
import { destinationFor, startBodyFor } from './destination.ts';

const status = (state: 'pending' | 'passed' | 'failed', failure: string | null = null, agechecked = false) =>
  jsonResponse({ agechecked, check: { id: 5, state, failure, target: 'voicecall' } } as StatusResponse);

const billing = { path: '/billing', element: <p>billing page</p> };

describe('the /avs page', () => {
  it('explains why, with the KJM note, and starts the check at the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const api = mockApi({ 'POST /api/avs/start': () => jsonResponse({ link: 'http://x/sandbox/avs/t', id: 5 }) });
    renderWithProviders(<AvsPage />, { route: '/avs?kjm=1&target=voicecall' });
    expect(screen.getByRole('heading', { name: i18n.t('avs.title') })).toBeInTheDocument();
    expect(screen.getByText(i18n.t('avs.why'))).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(i18n.t('avs.kjm'));
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('avs.start') }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://x/sandbox/avs/t'));
    expect(api.callsTo('POST /api/avs/start')[0]?.body).toEqual({ kjm: true, target: 'voicecall' });
    expect(screen.getByRole('button', { name: i18n.t('avs.starting') })).toBeDisabled();
    assign.mockRestore();
  });

  it('without kjm there is no KJM note; a refused start says why', async () => {
    mockApi({ 'POST /api/avs/start': () => apiError(429, { error: 'throttled', message: 'throttle' }) });
    renderWithProviders(<AvsPage />, { route: '/avs', lang: 'de' });
    expect(screen.queryByRole('note')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('avs.start') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.throttle'));
    expect(screen.getByRole('heading', { name: 'Altersverifikation' })).toBeInTheDocument();
  });

  it('an age-checked session sees that its age is verified', () => {
    renderWithProviders(<AvsPage />, { route: '/avs?target=voicecall', session: { agechecked: true } });
    expect(screen.getByText(i18n.t('avs.verified'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('avs.continue') })).toHaveAttribute(
      'href',
      '/billing?paymenttypename=voicecall',
    );
    expect(screen.queryByRole('button', { name: i18n.t('avs.start') })).toBeNull();
  });

  it('back from the provider, polls until the check passes and moves on to the voice call', async () => {
    let calls = 0;
    const api = mockApi({
      'GET /api/avs/status': () => (++calls < 2 ? status('pending') : status('passed', null, true)),
    });
    const { router } = renderWithProviders(<AvsPage />, {
      route: '/avs?kjm=1&target=voicecall&check=5',
      path: '/avs',
      routes: [billing],
    });
    expect(await screen.findByText(i18n.t('avs.checking'))).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(i18n.t('avs.passed')), {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.callsTo('GET /api/avs/status')[0]?.query.get('check')).toBe('5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'), { timeout: 4000 });
    expect(router.state.location.search).toBe('?paymenttypename=voicecall');
  });

  it.each([['underage'], ['document_unreadable'], ['document_expired'], ['name_mismatch']])(
    'a failed check (%s) shows the reason and offers a retry',
    async (reason) => {
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
      const api = mockApi({
        'GET /api/avs/status': () => status('failed', reason),
        'POST /api/avs/start': () => jsonResponse({ link: '/sandbox/avs/next', id: 6 }),
      });
      renderWithProviders(<AvsPage />, { route: '/avs?target=%2Fvideos%2Fclip%2F3&check=5' });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(i18n.t('avs.failed'));
      expect(alert).toHaveTextContent(i18n.t(`avs.failures.${reason}`));
      await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('avs.retry') }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/avs/next'));
      expect(api.callsTo('POST /api/avs/start')[0]?.body).toEqual({ target: 'media', back: '/videos/clip/3' });
      assign.mockRestore();
    },
  );

  it('a check that is not this browser’s is not found; the check can start anew', async () => {
    mockApi({ 'GET /api/avs/status': () => jsonResponse({ agechecked: false, check: null }) });
    renderWithProviders(<AvsPage />, { route: '/avs?check=99' });
    expect(await screen.findByText(i18n.t('avs.not_found'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: i18n.t('avs.start') })).toBeInTheDocument();
  });
});

describe('a check that stays pending', () => {
  it('stops polling, says it is still processing and can look again', async () => {
    const api = mockApi({ 'GET /api/avs/status': () => status('pending') });
    renderWithProviders(<AvsCheckStatus checkId={5} destination="/" startBody={{}} intervalMs={10} maxPolls={3} />);
    expect(await screen.findByText(i18n.t('avs.processing'))).toBeInTheDocument();
    expect(api.callsTo('GET /api/avs/status')).toHaveLength(3);
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('avs.check_again') }));
    await waitFor(() => expect(api.callsTo('GET /api/avs/status').length).toBeGreaterThan(3));
  });

  it('a failing status request shows an error with a way to look again', async () => {
    mockApi({ 'GET /api/avs/status': () => apiError(500, { error: 'internal', message: 'unknown_error' }) });
    renderWithProviders(<AvsCheckStatus checkId={5} destination="/" startBody={{}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.unknown_error'));
    expect(screen.getByRole('button', { name: i18n.t('avs.check_again') })).toBeInTheDocument();
  });
});

describe('where a passed check leads', () => {
  it('to the voice call, an internal page that asked, or home; never elsewhere', () => {
    expect(destinationFor('voicecall')).toBe('/billing?paymenttypename=voicecall');
    expect(destinationFor('/videos/clip/3?part=1')).toBe('/videos/clip/3?part=1');
    for (const bad of [
      null,
      '',
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      'javascript:alert(1)',
      '/avs?x=1',
    ]) {
      expect(destinationFor(bad), String(bad)).toBe('/');
    }
    expect(startBodyFor('voicecall', true)).toEqual({ kjm: true, target: 'voicecall' });
    expect(startBodyFor('//evil.example', false)).toEqual({});
  });
});
