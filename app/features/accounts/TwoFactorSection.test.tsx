import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { SecondFactorState } from '#common/api/second-factor.ts';
import { TwoFactorSection } from './TwoFactorSection.tsx';

const OFF: SecondFactorState = { totp: false, recovery_codes_left: 0, passkeys: 1, since: null };
const ON: SecondFactorState = { totp: true, recovery_codes_left: 10, passkeys: 1, since: '2026-11-01T10:00:00.000Z' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
const invalid = (field: string, key: string) =>
  jsonResponse({ error: 'validation_failed', message: 'validation_failed', errors: { [field]: [key] } }, 422);

/** The server's state, changed by the calls as the server would change it. */
function server(initial: SecondFactorState) {
  let state = initial;
  return mockApi({
    'GET /api/users/second-factor': () => jsonResponse({ second_factor: state }),
    'POST /api/users/second-factor/totp': ({ body }) =>
      (body as { password?: string }).password === 'wrong'
        ? invalid('password', 'errors.validations.password_wrong')
        : jsonResponse({ secret: 'JBSWY3DPEHPK3PXPJBSW', otpauth_uri: 'otpauth://totp/x', qr_svg: SVG }),
    'POST /api/users/second-factor/totp/confirm': ({ body }) => {
      if ((body as { code: string }).code !== '123456')
        return invalid('code', 'errors.validations.second_factor_wrong');
      state = { ...state, totp: true, recovery_codes_left: 10, since: '2026-11-29T20:00:00.000Z' };
      return jsonResponse({ recovery_codes: CODES });
    },
    'POST /api/users/second-factor/off': () => {
      state = OFF;
      return jsonResponse({ second_factor: state });
    },
  });
}

describe('the settings\u2019 two-step sign-in', () => {
  it('sets the app up with her password: QR code and key, the first code, then the recovery codes once', async () => {
    const api = server(OFF);
    renderWithProviders(<TwoFactorSection hasPassword />);
    const user = userEvent.setup();
    expect(await screen.findByText(i18n.t('second_factor.settings.off'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('second_factor.settings.passkeys_note'))).toBeInTheDocument();
    const start = screen.getByRole('button', { name: i18n.t('second_factor.settings.start') });
    expect(start).toBeDisabled();
    await user.type(screen.getByLabelText(i18n.t('second_factor.settings.password_label')), 'wrong');
    await user.click(start);
    expect(await screen.findByText(i18n.t('errors.validations.password_wrong'))).toBeInTheDocument();
    await user.clear(screen.getByLabelText(i18n.t('second_factor.settings.password_label')));
    await user.type(screen.getByLabelText(i18n.t('second_factor.settings.password_label')), 'right');
    await user.click(start);

    // The QR code is an image of the server's SVG (never markup in the page), the key in fours.
    const qr = await screen.findByRole('img', { name: i18n.t('second_factor.settings.qr_alt') });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(document.querySelector('rect')).toBeNull();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/second-factor/totp')[1]?.body).toEqual({ password: 'right' });

    const code = screen.getByRole('textbox', { name: new RegExp(i18n.t('second_factor.step.code_label')) });
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.settings.confirm') }));
    expect(await screen.findByText(i18n.t('errors.validations.second_factor_wrong'))).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.settings.confirm') }));

    const list = await screen.findByRole('list', { name: i18n.t('second_factor.settings.codes_list') });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('heading', { name: i18n.t('second_factor.settings.codes_title') })).toHaveFocus();
    expect(api.callsTo('POST /api/users/second-factor/totp/confirm').at(-1)?.body).toEqual({ code: '123456' });
    await user.click(screen.getByRole('button', { name: i18n.t('second_factor.settings.saved') }));

    // Saved: the codes are gone for good, the section says it is on.
    expect(await screen.findByText(i18n.t('second_factor.settings.on'))).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: i18n.t('second_factor.settings.codes_list') })).toBeNull();
    expect(screen.queryByText(CODES[0] ?? '')).toBeNull();
  }, 30_000);

  it('turns it off in a dialog that sends her password and a recovery code', async () => {
    const api = server(ON);
    renderWithProviders(<TwoFactorSection hasPassword />, { lang: 'de' });
    const user = userEvent.setup();
    const t = i18n.getFixedT('de');
    expect(await screen.findByText(t('second_factor.settings.on'))).toBeInTheDocument();
    expect(screen.getByText(t('second_factor.settings.codes_left', { count: 10 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('second_factor.settings.turn_off') }));
    const dialog = await screen.findByRole('dialog', { name: t('second_factor.settings.off_title') });
    await user.click(within(dialog).getByRole('button', { name: t('second_factor.settings.off_submit') }));
    expect(within(dialog).getByText(t('errors.validations.required'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/second-factor/off')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t('second_factor.settings.password_label')}`)), 'pw');
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(t('second_factor.settings.off_code_label')) }),
      'ABCDE-12345',
    );
    await user.click(within(dialog).getByRole('button', { name: t('second_factor.settings.off_submit') }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/users/second-factor/off')[0]?.body).toEqual({ password: 'pw', code: 'ABCDE-12345' });
    expect(await screen.findByText(t('second_factor.settings.off'))).toBeInTheDocument();
  }, 30_000);

  it('without a password, setting up asks for none', async () => {
    const api = server(OFF);
    renderWithProviders(<TwoFactorSection hasPassword={false} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: i18n.t('second_factor.settings.start') }));
    expect(await screen.findByRole('img', { name: i18n.t('second_factor.settings.qr_alt') })).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/second-factor/totp')[0]?.body).toEqual({});
  });
});
