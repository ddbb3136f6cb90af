import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import type { User } from '#common/api/auth.ts';
import { ActivatePage } from './ActivatePage.tsx';
import { ResetPage } from './ResetPage.tsx';
import { apiError, mockApi } from './testing.ts';

/* A reset or activation link answered 202 (decision 071): the page asks for the second step. */

const challenge = () => jsonResponse({ second_factor: { methods: ['totp', 'recovery'], expires_in: 300 } }, 202);
const GOOD_CODE = '123456';
/**
 * The server's side: the link ended every session of hers, so the session reads as a visitor's
 * until the second step, where her app's right code signs her in (as `member`) and any other is
 * refused.
 */
function server(member: User) {
  let user: User | null = null;
  return {
    'GET /api/session/init': () => jsonResponse({ session: testSession(), user }),
    'POST /api/auth/second-factor': ({ body }: { body: unknown }) => {
      if ((body as { code: string }).code !== GOOD_CODE)
        return apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { code: ['errors.validations.second_factor_wrong'] },
        });
      user = member;
      return jsonResponse({ user });
    },
  };
}

const codeField = (lang: 'en' | 'de' = 'en') =>
  screen.getByRole('textbox', { name: new RegExp(i18n.t('second_factor.step.code_label', { lng: lang })) });

async function answerStep(code: string, lang: 'en' | 'de' = 'en') {
  const user = userEvent.setup();
  await user.clear(codeField(lang));
  await user.type(codeField(lang), code);
  await user.click(screen.getByRole('button', { name: i18n.t('second_factor.step.submit', { lng: lang }) }));
}

/** A field by its whole label (the German "Neues Passwort" starts "Neues Passwort wiederholen" too). */
const field = (key: string, lang: 'en' | 'de' = 'en') =>
  screen.getByLabelText(new RegExp(`^${i18n.t(key, { lng: lang })}\\s*\\*?$`, 'i'), { selector: 'input' });

async function choosePassword(lang: 'en' | 'de' = 'en', password = 'brand-new-pw') {
  const user = userEvent.setup();
  await user.type(field('reset.new.password', lang), password);
  await user.type(field('reset.new.password_confirm', lang), password);
  await user.click(screen.getByRole('button', { name: i18n.t('reset.new.submit', { lng: lang }) }));
}

describe('the reset page when her second factor is on', () => {
  it.each(['en', 'de'] as const)('asks for the step after the new password, then confirms (%s)', async (lang) => {
    const api = mockApi({
      'POST /api/auth/reset': challenge,
      ...server(testUser({ id: 3, locale: lang })),
    });
    const { client } = renderWithProviders(<ResetPage />, {
      route: '/users/reset?token=tok-1',
      lang,
      user: testUser({ id: 3 }),
    });
    await choosePassword(lang);
    expect(await screen.findByText(i18n.t('reset.second_step', { lng: lang }))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: i18n.t('second_factor.step.title', { lng: lang }) })).toBeVisible();
    expect(screen.queryByText(i18n.t('reset.done', { lng: lang }))).toBeNull();
    // The link signed this browser out; nobody is signed in before the step.
    await waitFor(() => expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull());
    await answerStep('000000', lang);
    expect(await screen.findByText(i18n.t('errors.validations.second_factor_wrong', { lng: lang }))).toBeVisible();
    expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull();
    await answerStep(GOOD_CODE, lang);
    expect(await screen.findByText(i18n.t('reset.done', { lng: lang }))).toBeInTheDocument();
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(3);
    expect(api.callsTo('POST /api/auth/reset')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/second-factor').map((c) => c.body)).toEqual([
      { method: 'totp', code: '000000', remember: false },
      { method: 'totp', code: GOOD_CODE, remember: false },
    ]);
  });

  it('offers the password sign-in once the step ran out; the new password may ask for it again', async () => {
    const api = mockApi({
      'POST /api/auth/reset': challenge,
      'POST /api/auth/second-factor': () =>
        apiError(401, { error: 'unknown_credentials', message: 'second_factor_expired' }),
      'POST /api/auth/login': challenge,
    });
    renderWithProviders(<ResetPage />, { route: '/users/reset?token=tok-2' });
    await choosePassword();
    await screen.findByText(i18n.t('reset.second_step'));
    await answerStep(GOOD_CODE);
    expect(await screen.findByText(i18n.t('second_factor.step.expired'))).toBeInTheDocument();
    // The link is used: no new-password form, the sign-in instead.
    expect(screen.queryByLabelText(/repeat/i)).toBeNull();
    const user = userEvent.setup();
    await user.type(field('login.username'), 'me');
    await user.type(field('login.password'), 'brand-new-pw');
    await user.click(screen.getByRole('button', { name: i18n.t('login.submit') }));
    expect(await screen.findByRole('heading', { name: i18n.t('second_factor.step.title') })).toBeVisible();
    expect(api.callsTo('POST /api/auth/reset')).toHaveLength(1);
  });
});

describe('the activation page when her second factor is on', () => {
  it('asks for the step on arrival and says the account is active only after it', async () => {
    const api = mockApi({
      'POST /api/register/validate': challenge,
      ...server(testUser({ id: 11 })),
    });
    const { client } = renderWithProviders(
      <StrictMode>
        <ActivatePage />
      </StrictMode>,
      { route: '/users/activate?token=abc', user: testUser({ id: 11, is_verified: false }) },
    );
    expect(await screen.findByText(i18n.t('users.activate.second_step'))).toBeInTheDocument();
    expect(screen.queryByText(i18n.t('users.activate.done'))).toBeNull();
    await waitFor(() => expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull());
    await answerStep('000000');
    expect(await screen.findByText(i18n.t('errors.validations.second_factor_wrong'))).toBeVisible();
    await answerStep(GOOD_CODE);
    expect(await screen.findByText(i18n.t('users.activate.done'))).toBeInTheDocument();
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(11);
    expect(api.callsTo('POST /api/register/validate')).toHaveLength(1);
  });

  it('asks an account without a password for the step after the password it chose', async () => {
    const api = mockApi({
      'POST /api/register/validate': ({ body }) =>
        (body as { password?: string }).password
          ? challenge()
          : apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { password: ['errors.validations.required'] },
            }),
      ...server(testUser({ id: 12 })),
    });
    const { client } = renderWithProviders(<ActivatePage />, { route: '/users/activate?token=abc' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^new password/i), 'a-good-password');
    await user.click(screen.getByRole('button', { name: i18n.t('users.activate.password_submit') }));
    expect(await screen.findByText(i18n.t('users.activate.second_step'))).toBeInTheDocument();
    expect(screen.queryByLabelText(/^new password/i)).toBeNull();
    await answerStep(GOOD_CODE);
    expect(await screen.findByText(i18n.t('users.activate.done'))).toBeInTheDocument();
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(12);
    expect(api.callsTo('POST /api/register/validate')).toHaveLength(2);
  });
});
