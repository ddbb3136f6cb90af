import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { ChatStartAnswer } from '#common/api/chat.ts';
import { ReferralCodeEntry } from './ReferralCodeEntry.tsx';
import { chatActions, useChatStore } from './store.ts';

const SESSION_ID = '3c1d5a8e-0f4b-4d2a-8e6b-1a2b3c4d5e6f';
const start = (universalId: string): ChatStartAnswer => ({
  realm: `show:${universalId}`,
  login: SESSION_ID,
  password: 'join-credential',
  session_type: 'free',
  buddyaddr: universalId,
  session: {
    id: SESSION_ID,
    universalId,
    kind: 'free',
    nickname: 'guest',
    open: true,
    pricePerMinute: 0,
    minutes: 1,
    coins: 0,
    nextMinuteIn: null,
    freeEndsIn: null,
    lowCoins: false,
    endReason: null,
  },
});

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${hash}`}</p>;
}

const renderEntry = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<ReferralCodeEntry />, {
    route: '/',
    path: '/',
    lang,
    routes: [{ path: '/chat/:showid', element: <Where /> }],
  });

const openForm = async (button = 'Have a code?', title = 'Enter your code') => {
  await userEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
};

beforeEach(() => chatActions.reset());

describe('referral code', () => {
  it('opens the show with the chat for a valid code, its session the running one', async () => {
    const api = mockApi({
      'POST /api/ruf/stream': () => jsonResponse({ result: 'ok', universalId: '212345', session: start('212345') }),
    });
    renderEntry();
    const dialog = await openForm();
    const submit = within(dialog).getByRole('button', { name: 'Watch now' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Code' }), '  anna2026 ');
    await userEvent.click(submit);
    expect(await screen.findByTestId('where')).toHaveTextContent('/chat/212345#enter_chat');
    expect(api.callsTo('POST /api/ruf/stream')[0]?.body).toEqual({ code: 'anna2026' });
    const { session, universalId, sessionType } = useChatStore.getState();
    expect({ universalId, sessionType }).toEqual({ universalId: '212345', sessionType: 'free' });
    expect(session).toEqual({ login: SESSION_ID, password: 'join-credential', state: start('212345').session });
  });

  it('marks a refused code invalid until it is changed', async () => {
    mockApi({
      'POST /api/ruf/stream': () =>
        apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { code: ['errors.referral.expired'] },
        }),
    });
    renderEntry('de');
    const dialog = await openForm('Haben Sie einen Code?', 'Geben Sie Ihren Code ein');
    const field = within(dialog).getByRole('textbox', { name: 'Code' });
    await userEvent.type(field, 'OLD-CODE{Enter}');
    expect(await within(dialog).findByText('Dieser Code ist nicht (mehr) gültig.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, 'X');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).queryByText('Dieser Code ist nicht (mehr) gültig.')).not.toBeInTheDocument();
    expect(useChatStore.getState().session).toBeNull();
  });

  it('marks the code invalid when the answer is not ok, or the call fails', async () => {
    let answer = () => jsonResponse({ result: 'nope' });
    mockApi({ 'POST /api/ruf/stream': () => answer() });
    renderEntry();
    const dialog = await openForm();
    const field = within(dialog).getByRole('textbox', { name: 'Code' });
    await userEvent.type(field, 'ABC{Enter}');
    expect(await within(dialog).findByText('This code is not valid (any more).')).toBeInTheDocument();
    answer = () => apiError(500, { error: 'internal', message: 'unknown_error' });
    await userEvent.type(field, 'D{Enter}');
    expect(await within(dialog).findByText('This code is not valid (any more).')).toBeInTheDocument();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('sends once while loading, and nothing for a code under three characters', async () => {
    let release = () => {};
    const api = mockApi({
      'POST /api/ruf/stream': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ result: 'ok', universalId: '212345', session: start('212345') }));
        }),
    });
    renderEntry();
    const dialog = await openForm();
    const field = within(dialog).getByRole('textbox', { name: 'Code' });
    await userEvent.type(field, 'AB{Enter}');
    expect(api.calls).toHaveLength(0);
    await userEvent.type(field, 'C{Enter}');
    await userEvent.type(field, '{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Watch now/ })).toBeDisabled());
    release();
    expect(await screen.findByTestId('where')).toHaveTextContent('/chat/212345#enter_chat');
    expect(api.callsTo('POST /api/ruf/stream')).toHaveLength(1);
  });
});
