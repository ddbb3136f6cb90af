import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { ListedOperator } from '#common/api/admin-operators.ts';
import { renderConsole } from '../testing.tsx';
import { clipboard } from './SecretsView.tsx';

const operator = (over: Partial<ListedOperator> = {}): ListedOperator => ({
  id: 2,
  email: 'mia@example.com',
  displayName: 'Mia Mod',
  roles: ['moderator'],
  disabled: false,
  lastSignInAt: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...over,
});

const me = operator({
  id: 1,
  email: 'ops@example.com',
  displayName: 'Ops Tester',
  roles: ['admin'],
  lastSignInAt: '2026-11-28T07:05:00.000Z',
});

/** The data grid takes seconds to appear in jsdom on a busy machine: its first find waits longer. */
const SLOW = { timeout: 20_000 };

const CREDENTIALS = {
  password: 'pw-Once-Only-0123456789',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/LiveCam%20Admin:nora%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

describe('the operators list', { timeout: 60_000 }, () => {
  it('shows the team with roles, state and last sign-in, marks her own row, and leads to each page', async () => {
    mockApi({
      'GET /api/admin/operators': () =>
        jsonResponse({ operators: [me, operator(), operator({ id: 3, displayName: 'Sam Gone', disabled: true })] }),
    });
    const { router } = renderConsole('/admin/operators');
    const grid = await screen.findByRole('grid', { name: 'Operators' }, SLOW);
    const mine = (await within(grid).findByText('Ops Tester', {}, SLOW)).closest('[role="row"]') as HTMLElement;
    expect(mine).toHaveTextContent('(you)');
    expect(mine).toHaveTextContent('Administrator');
    expect(mine).toHaveTextContent('Enabled');
    expect(mine).toHaveTextContent('2026-11-28 07:05 UTC');
    const mia = within(grid).getByText('Mia Mod').closest('[role="row"]') as HTMLElement;
    expect(mia).toHaveTextContent('Never');
    expect(mia).not.toHaveTextContent('(you)');
    expect(within(grid).getByText('Sam Gone').closest('[role="row"]')).toHaveTextContent('Disabled');
    await userEvent.setup().click(within(grid).getByRole('link', { name: 'Mia Mod' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/operators/2'));
  });

  it('adds an operator and shows her password and key once, with copy buttons and a warning', async () => {
    let listed = [me];
    const api = mockApi({
      'GET /api/admin/operators': () => jsonResponse({ operators: listed }),
      'POST /api/admin/operators': () => {
        const nora = operator({
          id: 9,
          email: 'nora@example.com',
          displayName: 'Nora Neu',
          roles: ['moderator', 'support'],
        });
        listed = [me, nora];
        return jsonResponse({ outcome: 'done', operator: nora, credentials: CREDENTIALS }, 201);
      },
    });
    const copied = vi.spyOn(clipboard, 'write').mockResolvedValue();
    renderConsole('/admin/operators');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add operator' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add an operator' });
    // Nothing filled in: the form says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Add operator' }));
    expect(within(dialog).getByText('Please choose at least one role.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/operators')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/E-mail address/), 'nora@example.com');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nora Neu');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Moderator/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Support/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add operator' }));
    const shown = await screen.findByRole('dialog', { name: 'Operator added: Nora Neu' });
    const [call] = api.callsTo('POST /api/admin/operators');
    expect(call?.body).toEqual({ email: 'nora@example.com', name: 'Nora Neu', roles: ['moderator', 'support'] });
    expect(call?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(within(shown).getByRole('alert')).toHaveTextContent('shown only now');
    expect(shown.querySelector('[data-secret="password"]')).toHaveTextContent(CREDENTIALS.password);
    expect(shown.querySelector('[data-secret="totp-key"]')).toHaveTextContent(CREDENTIALS.totpSecret);
    expect(shown.querySelector('[data-secret="totp-uri"]')).toHaveTextContent('otpauth://totp/');
    await user.click(within(shown).getByRole('button', { name: 'Copy Password' }));
    expect(copied).toHaveBeenCalledWith(CREDENTIALS.password);
    expect(await within(shown).findByText('Copied.')).toBeInTheDocument();
    // Escape does not lose them; the button closes, and the list holds her.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Operator added: Nora Neu' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done: I have handed them over' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Nora Neu', {}, SLOW)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(CREDENTIALS.password);
  });

  it('marks a taken address at the field and keeps the form as typed', async () => {
    mockApi({
      'GET /api/admin/operators': () => jsonResponse({ operators: [me] }),
      'POST /api/admin/operators': () =>
        apiError(409, {
          error: 'email_already_exists',
          message: 'email_taken',
          errors: { email: ['errors.email_already_exists'] },
        }),
    });
    renderConsole('/admin/operators', { locale: 'de' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Person hinzufügen' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Person hinzufügen' });
    await user.type(within(dialog).getByLabelText(/E-Mail-Adresse/), 'ops@example.com');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Zweite');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Support/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Person hinzufügen' }));
    expect(await within(dialog).findByText('Es gibt bereits ein Konto mit dieser E-Mail-Adresse.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/E-Mail-Adresse/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Zweite');
  });
});

describe("an operator's page", { timeout: 60_000 }, () => {
  it('saves her roles, then disables her after a confirmation and says how many sessions ended', async () => {
    let mia = operator();
    const api = mockApi({
      'GET /api/admin/operators/2': () => jsonResponse({ operator: mia }),
      'PUT /api/admin/operators/2/roles': (call) => {
        mia = { ...mia, roles: (call.body as { roles: ListedOperator['roles'] }).roles };
        return jsonResponse({ outcome: 'done', operator: mia, sessionsEnded: 0 });
      },
      'POST /api/admin/operators/2/disable': () => {
        mia = { ...mia, disabled: true };
        return jsonResponse({ outcome: 'done', operator: mia, sessionsEnded: 2 });
      },
    });
    renderConsole('/admin/operators/2');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Operator: Mia Mod' }, SLOW)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /^Support/ }));
    await user.click(save);
    expect(await screen.findByText('The roles have been saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/admin/operators/2/roles')[0]?.body).toEqual({ roles: ['moderator', 'support'] });

    await user.click(screen.getByRole('button', { name: 'Disable and end her sessions' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable Mia Mod?' });
    expect(api.callsTo('POST /api/admin/operators/2/disable')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Disable and end her sessions' }));
    expect(await screen.findByText('The operator is disabled; 2 sessions have ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Enable again' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/operators/2/disable')[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('says why the server refused: her own admin role, the last administrator', async () => {
    mockApi({
      'GET /api/admin/operators/1': () => jsonResponse({ operator: me }),
      'PUT /api/admin/operators/1/roles': () => apiError(409, { error: 'conflict', message: 'last_admin' }),
    });
    renderConsole('/admin/operators/1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Operator: Ops Tester' }, SLOW);
    // Her own: the admin box cannot be unticked, and she cannot disable herself.
    expect(screen.getByRole('checkbox', { name: /^Administrator/ })).toBeDisabled();
    expect(screen.getByText(/You cannot take your own administrator role/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable and end her sessions' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /^Support/ }));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is the last enabled administrator');
  });

  it('gives a new authenticator key after a confirmation and shows it once', async () => {
    const api = mockApi({
      'GET /api/admin/operators/2': () => jsonResponse({ operator: operator() }),
      'POST /api/admin/operators/2/totp': () =>
        jsonResponse({
          outcome: 'done',
          operator: operator(),
          sessionsEnded: 1,
          credentials: { totpSecret: CREDENTIALS.totpSecret, otpauthUri: CREDENTIALS.otpauthUri },
        }),
    });
    renderConsole('/admin/operators/2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New authenticator key' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'A new authenticator key for Mia Mod?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/admin/operators/2/totp')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'New authenticator key' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'A new authenticator key for Mia Mod?' })).getByRole('button', {
        name: 'New authenticator key',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'New authenticator key for Mia Mod' });
    expect(within(shown).getByRole('alert')).toHaveTextContent('Sessions ended: 1.');
    expect(shown.querySelector('[data-secret="totp-key"]')).toHaveTextContent(CREDENTIALS.totpSecret);
    expect(shown.querySelector('[data-secret="password"]')).toBeNull();
    await user.click(within(shown).getByRole('button', { name: 'Done: I have handed them over' }));
    await waitFor(() => expect(document.body).not.toHaveTextContent(CREDENTIALS.totpSecret));
  });
});
