import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioReferralCode, StudioReferrals } from '#common/api/referrals.ts';
import { StudioReferralsPage } from './StudioReferralsPage.tsx';
import { studioMe } from './testing.ts';

const code = (over: Partial<StudioReferralCode> = {}): StudioReferralCode => ({
  code: 'LENA-VIP',
  state: 'active',
  uses: 12,
  signUps: 3,
  firstPurchases: 1,
  firstPurchaseCoins: 250,
  createdAt: '2026-05-01T10:00:00.000Z',
  retiredAt: null,
  ...over,
});

const referrals = (over: Partial<StudioReferrals> = {}): StudioReferrals => ({
  codes: [
    code(),
    code({ code: 'OLD-ONE', state: 'retired', uses: 1234, signUps: 1, retiredAt: '2026-05-02T10:00:00Z' }),
  ],
  active: 1,
  activeMax: 10,
  ...over,
});

function server(list: () => Response, routes: Record<string, (call: { body?: unknown }) => Response> = {}) {
  return mockApi({
    'GET /api/studio/me': () => jsonResponse(studioMe()),
    'GET /api/studio/conversations/count': () => jsonResponse({ unread: 0 }),
    'GET /api/studio/referrals': list,
    ...routes,
  });
}

const open = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<StudioReferralsPage />, { route: '/studio/codes', path: '/studio/codes', lang });

describe('her referral codes page', () => {
  it('lists her codes with state and what each brought; retired ones cannot be retired again', async () => {
    server(() => jsonResponse(referrals()));
    open();
    expect(await screen.findByRole('heading', { name: 'Referral codes', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Active codes: 1 of 10.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Codes', selected: true })).toHaveAttribute('href', '/studio/codes');
    const vip = screen.getByRole('listitem', { name: 'LENA-VIP' });
    expect(vip).toHaveTextContent('Active');
    expect(vip).toHaveTextContent('Streams opened12Sign-ups3First purchases1Coins of first purchases250');
    expect(within(vip).getByRole('button', { name: 'Retire code LENA-VIP' })).toBeInTheDocument();
    const old = screen.getByRole('listitem', { name: 'OLD-ONE' });
    expect(old).toHaveTextContent('Retired');
    expect(old).toHaveTextContent('Streams opened1,234Sign-ups1');
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
  });

  it('issues her text in upper case, says so and reads the list again', async () => {
    let listed = referrals({ codes: [], active: 0 });
    const api = server(() => jsonResponse(listed), {
      'POST /api/studio/referrals': () => {
        listed = referrals({ codes: [code({ code: 'SUMMER-26', uses: 0, signUps: 0 })], active: 1 });
        return jsonResponse(code({ code: 'SUMMER-26' }), 201);
      },
    });
    open();
    expect(await screen.findByText('No codes yet. Issue your first one above.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your code' }), 'summer-26');
    expect(screen.getByRole('textbox', { name: 'Your code' })).toHaveValue('SUMMER-26');
    await userEvent.click(screen.getByRole('button', { name: 'Issue code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Code SUMMER-26 issued.');
    expect(api.callsTo('POST /api/studio/referrals')[0]?.body).toEqual({ code: 'SUMMER-26' });
    expect(await screen.findByRole('listitem', { name: 'SUMMER-26' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your code' })).toHaveValue('');
  });

  it('sends an empty field for a generated code and shows the server’s reason under the field', async () => {
    const api = server(() => jsonResponse(referrals()), {
      'POST /api/studio/referrals': () =>
        apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { code: ['errors.referral.code_taken'] },
        }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Issue code' }));
    expect(api.callsTo('POST /api/studio/referrals')[0]?.body).toEqual({ code: '' });
    expect(await screen.findByText('This code is taken already. Please choose another one.')).toBeInTheDocument();
  });

  it('retires a code after asking, and keeps its figures', async () => {
    let listed = referrals();
    const api = server(() => jsonResponse(listed), {
      'POST /api/studio/referrals/LENA-VIP/retire': () => {
        listed = referrals({ codes: [code({ state: 'retired' })], active: 0 });
        return jsonResponse(code({ state: 'retired' }));
      },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Retire code LENA-VIP' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire code LENA-VIP?' });
    expect(dialog).toHaveTextContent('Its figures stay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Code LENA-VIP retired.');
    expect(api.callsTo('POST /api/studio/referrals/LENA-VIP/retire')).toHaveLength(1);
    const vip = await screen.findByRole('listitem', { name: 'LENA-VIP' });
    expect(await within(vip).findByText('Retired')).toBeInTheDocument();
    expect(vip).toHaveTextContent('Sign-ups3');
  });

  it('stops issuing at her limit, and speaks German', async () => {
    server(() => jsonResponse(referrals({ active: 10 })));
    open('de');
    expect(await screen.findByRole('heading', { name: 'Empfehlungscodes', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Code ausgeben' })).toBeDisabled();
    expect(screen.getByText(/Sie haben die erlaubte Höchstzahl aktiver Codes/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'OLD-ONE' })).toHaveTextContent('Geöffnete Streams1.234');
  });

  it('offers to try again when the codes cannot be loaded', async () => {
    let fail = true;
    const api = server(() =>
      fail ? apiError(500, { error: 'server_error', message: 'server_error' }) : jsonResponse(referrals()),
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your codes could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'LENA-VIP' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/studio/referrals')).toHaveLength(2);
  });
});
