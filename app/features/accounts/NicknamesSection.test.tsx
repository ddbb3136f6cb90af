import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { NicknameMenu } from './NicknameMenu.tsx';
import { NicknamesSection } from './NicknamesSection.tsx';

const member = testUser({
  nicknames: {
    data: [
      { id: 1, nickname: 'Nick' },
      { id: 2, nickname: 'Other' },
    ],
    current_nickname: { id: 1, nickname: 'Nick' },
  },
});
const withCurrent = (id: number) =>
  testUser({
    nicknames: { ...member.nicknames, current_nickname: member.nicknames.data.find((n) => n.id === id) ?? null },
  });

describe('nicknames', () => {
  it('checks the nickname rule before sending', async () => {
    const api = mockApi({});
    renderWithProviders(<NicknamesSection />, { user: member });
    const user = userEvent.setup();
    for (const bad of ['ab', 'has space', 'ümlaut']) {
      await user.clear(screen.getByLabelText(i18n.t('nicknames.new')));
      await user.type(screen.getByLabelText(i18n.t('nicknames.new')), bad);
      await user.click(screen.getByRole('button', { name: i18n.t('nicknames.add') }));
      expect(await screen.findByText(i18n.t('errors.validations.nickname.pattern'))).toBeInTheDocument();
    }
    expect(api.callsTo('POST /api/user/nickname/add')).toHaveLength(0);
  });

  it('refuses an over-long nickname with its reason instead of cutting it to fit', async () => {
    const api = mockApi({});
    renderWithProviders(<NicknamesSection />, { user: member });
    const user = userEvent.setup();
    const field = screen.getByLabelText(i18n.t('nicknames.new'));
    await user.type(field, 'TwentyCharacterName1');
    expect(field).toHaveValue('TwentyCharacterName1');
    await user.click(screen.getByRole('button', { name: i18n.t('nicknames.add') }));
    expect(await screen.findByText(i18n.t('errors.validations.nickname.too_long'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/nickname/add')).toHaveLength(0);
  });

  it('refuses staff, site and offensive nicknames before sending', async () => {
    const api = mockApi({});
    renderWithProviders(<NicknamesSection />, { user: member, config: { name_blocklist: ['rivalcams'] } });
    const user = userEvent.setup();
    const field = screen.getByLabelText(i18n.t('nicknames.new'));
    for (const [bad, key] of [
      ['admin', 'reserved'],
      ['Live_Cam', 'reserved'],
      ['fuck', 'offensive'],
      ['R1val.Cams', 'offensive'],
    ] as const) {
      await user.clear(field);
      await user.type(field, bad);
      await user.click(screen.getByRole('button', { name: i18n.t('nicknames.add') }));
      expect(await screen.findByText(i18n.t(`errors.validations.nickname.${key}`))).toBeInTheDocument();
    }
    expect(api.callsTo('POST /api/user/nickname/add')).toHaveLength(0);
  });

  it('adds a nickname, and shows a taken one on the field', async () => {
    const added = testUser({
      nicknames: { ...member.nicknames, data: [...member.nicknames.data, { id: 3, nickname: 'new.one' }] },
    });
    const api = mockApi({
      'POST /api/user/nickname/add': ({ body }) =>
        (body as { nickname: string }).nickname === 'taken'
          ? apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { nickname: ['errors.validations.nickname.taken'] },
            })
          : jsonResponse({ user: added }, 201),
    });
    const { client } = renderWithProviders(<NicknamesSection />, { user: member });
    const user = userEvent.setup();
    const field = screen.getByLabelText(i18n.t('nicknames.new'));
    await user.type(field, 'taken');
    await user.click(screen.getByRole('button', { name: i18n.t('nicknames.add') }));
    expect(await screen.findByText(i18n.t('errors.validations.nickname.taken'))).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'new.one');
    await user.click(screen.getByRole('button', { name: i18n.t('nicknames.add') }));
    expect(await screen.findByText('new.one')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/nickname/add')[1]?.body).toEqual({ nickname: 'new.one' });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.nicknames.data).toHaveLength(3);
    expect(field).toHaveValue('');
  });

  it('makes another nickname current', async () => {
    const api = mockApi({ 'POST /api/user/nickname/activate/2': () => jsonResponse({ user: withCurrent(2) }) });
    const { client } = renderWithProviders(<NicknamesSection />, { user: member });
    const list = screen.getByRole('list', { name: i18n.t('nicknames.list_label') });
    expect(within(list).getAllByText(i18n.t('nicknames.current'))).toHaveLength(1);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: i18n.t('nicknames.activate_named', { nickname: 'Other' }) }));
    expect(
      await screen.findByRole('button', { name: i18n.t('nicknames.activate_named', { nickname: 'Nick' }) }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/nickname/activate/2')).toHaveLength(1);
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.nicknames.current_nickname?.id).toBe(2);
  });

  it('the top-bar menu switches the nickname and opens #nicknames', async () => {
    const api = mockApi({ 'POST /api/user/nickname/activate/2': () => jsonResponse({ user: withCurrent(2) }) });
    const { router } = renderWithProviders(<NicknameMenu />, { user: member, route: '/videos?page=2' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: i18n.t('nicknames.menu_label', { nickname: 'Nick' }) }));
    await user.click(await screen.findByRole('menuitem', { name: 'Other' }));
    expect(
      await screen.findByRole('button', { name: i18n.t('nicknames.menu_label', { nickname: 'Other' }) }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/nickname/activate/2')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: i18n.t('nicknames.menu_label', { nickname: 'Other' }) }));
    await user.click(await screen.findByRole('menuitem', { name: i18n.t('nicknames.manage') }));
    expect(router.state.location).toMatchObject({ pathname: '/videos', search: '?page=2', hash: '#nicknames' });
  });

  it('the menu is not shown to visitors', () => {
    renderWithProviders(<NicknameMenu />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
