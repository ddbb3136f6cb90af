import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHOW_CHAT_ERRORS } from '#common/api/showchat.ts';
import { fakePort, message, setupChat } from './testing.tsx';

const ANNA = 'A'.repeat(22);
const backlog = [
  message({ nickname: 'Anna', text: 'hi', author: ANNA }),
  message({ nickname: 'Lena Sun', text: 'Welcome!', from: 'performer', author: null }),
];

/** The performer's chat with Anna's and her own line. */
async function performerChat(lang: 'en' | 'de' = 'en') {
  const fake = fakePort({ ok: true, messages: backlog, writer: { nickname: 'Lena Sun' } });
  const view = setupChat(fake, { as: 'performer', lang });
  await screen.findByText('Welcome!');
  return { ...fake, view };
}

describe('moderation in the studio chat', () => {
  it("offers a menu on each viewer's line, named after the person, and none on her own", async () => {
    await performerChat();
    const menus = await screen.findAllByRole('button', { name: /^Moderate / });
    expect(menus.map((b) => b.getAttribute('aria-label'))).toEqual(['Moderate Anna']);
    expect(menus[0]).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('mutes and unmutes a person, marks her line and says so', async () => {
    const user = userEvent.setup();
    const fake = await performerChat();
    await user.click(await screen.findByRole('button', { name: 'Moderate Anna' }));
    // The server's list after the mute says she is muted.
    fake.moderation.muted.push({ author: ANNA, nickname: 'Anna' });
    await user.click(screen.getByRole('menuitem', { name: 'Mute' }));
    expect(fake.port.moderate).toHaveBeenCalledWith({ kind: 'mute', showId: '7', author: ANNA, muted: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Anna is muted.');
    expect(await screen.findByText('muted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Moderate Anna' }));
    fake.moderation.muted.length = 0;
    await user.click(screen.getByRole('menuitem', { name: 'Unmute' }));
    expect(fake.port.moderate).toHaveBeenLastCalledWith({ kind: 'mute', showId: '7', author: ANNA, muted: false });
    await waitFor(() => expect(screen.queryByText('muted')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Anna may write again.');
  });

  it('kicks at once, and bans only once she confirms', async () => {
    const user = userEvent.setup();
    const fake = await performerChat();
    await user.click(await screen.findByRole('button', { name: 'Moderate Anna' }));
    await user.click(screen.getByRole('menuitem', { name: 'Kick out of the chat' }));
    expect(fake.port.moderate).toHaveBeenCalledWith({ kind: 'kick', showId: '7', author: ANNA });
    expect(await screen.findByRole('status')).toHaveTextContent('Anna was kicked out of your chat.');

    await user.click(screen.getByRole('button', { name: 'Moderate Anna' }));
    await user.click(screen.getByRole('menuitem', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Anna?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.port.moderate).toHaveBeenCalledTimes(1);

    await user.click(await screen.findByRole('button', { name: 'Moderate Anna' }));
    await user.click(screen.getByRole('menuitem', { name: 'Ban' }));
    fake.moderation.bans.push({ id: 5, nickname: 'Anna', since: '2027-01-15T20:00:00.000Z' });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ban Anna?' })).getByRole('button', { name: 'Ban' }),
    );
    expect(fake.port.moderate).toHaveBeenLastCalledWith({ kind: 'ban', showId: '7', author: ANNA });
    expect(await screen.findByRole('button', { name: 'Banned (1)' })).toBeInTheDocument();
  });

  it('lists the bans and lifts one', async () => {
    const user = userEvent.setup();
    const fake = fakePort({ ok: true, messages: backlog, writer: { nickname: 'Lena Sun' } });
    fake.moderation.bans.push({ id: 5, nickname: 'Troll', since: '2027-01-15T20:00:00.000Z' });
    setupChat(fake, { as: 'performer' });
    await user.click(await screen.findByRole('button', { name: 'Banned (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Banned from your chat' });
    expect(within(dialog).getByText('Troll')).toBeInTheDocument();
    fake.moderation.bans.length = 0;
    await user.click(within(dialog).getByRole('button', { name: 'Lift the ban on Troll' }));
    expect(fake.port.moderate).toHaveBeenCalledWith({ kind: 'unban', showId: '7', banId: 5 });
    expect(await within(dialog).findByText('Nobody is banned.')).toBeInTheDocument();
  });

  it('says why an action failed', async () => {
    const user = userEvent.setup();
    const fake = await performerChat();
    fake.port.moderate.mockResolvedValueOnce({ ok: false, error: SHOW_CHAT_ERRORS.unknownPerson });
    await user.click(await screen.findByRole('button', { name: 'Moderate Anna' }));
    await user.click(screen.getByRole('menuitem', { name: 'Kick out of the chat' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This person can no longer be found.');
  });

  it('speaks German', async () => {
    const user = userEvent.setup();
    await performerChat('de');
    await user.click(await screen.findByRole('button', { name: 'Anna moderieren' }));
    expect(screen.getByRole('menuitem', { name: 'Stummschalten' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sperren' }));
    expect(await screen.findByRole('dialog', { name: 'Anna sperren?' })).toBeInTheDocument();
  });

  it('shows viewers no moderation, and closes their chat when they are removed', async () => {
    const fake = setupChat(fakePort({ ok: true, messages: backlog, writer: { nickname: 'Nick' } }));
    await screen.findByText('Welcome!');
    expect(screen.queryByRole('button', { name: /^Moderate / })).not.toBeInTheDocument();
    expect(fake.port.moderation).not.toHaveBeenCalled();
    fake.remove({ showId: '8', reason: 'kicked' });
    expect(fake.input()).toBeEnabled();
    fake.remove({ showId: '7', reason: 'kicked' });
    expect(await screen.findByText('The host has removed you from this chat.')).toBeInTheDocument();
    expect(fake.input()).toBeDisabled();
  });

  it('tells a banned viewer so', async () => {
    const fake = setupChat();
    await waitFor(() => expect(fake.input()).toBeEnabled());
    fake.remove({ showId: '7', reason: 'banned' });
    expect(await screen.findByText('The host has banned you from this chat.')).toBeInTheDocument();
  });
});
