import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHOW_CHAT_ERRORS } from '#common/api/showchat.ts';
import { SHOW_CHAT_TEXT_MAX } from '#common/constants.ts';
import { catalogs } from '#common/i18n/catalogs.ts';
import { fakePort, message, setupChat as setup } from './testing.tsx';

describe('ShowChat', () => {
  it('joins on mount, lists the recent messages with the host marked, and leaves on unmount', async () => {
    const backlog = [
      message({ nickname: 'Anna', text: 'hi' }),
      message({ nickname: 'Mia', text: 'Welcome!', from: 'performer' }),
    ];
    const { port, view } = setup(fakePort({ ok: true, messages: backlog, writer: { nickname: 'Nick' } }));
    const list = await screen.findByRole('list', { name: 'Chat messages' });
    expect(port.join).toHaveBeenCalledWith('7');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Anna');
    expect(first).toHaveTextContent('hi');
    expect(first?.querySelector('time')?.getAttribute('datetime')).toBe(new Date(1_800_000_000_000).toISOString());
    expect(within(second as HTMLElement).getByTitle("The show's host")).toBeInTheDocument();
    view.unmount();
    expect(port.leave).toHaveBeenCalledWith('7');
  });

  it('appends live messages of this show, announces each politely, and ignores other shows', async () => {
    const fake = setup();
    await waitFor(() => expect(fake.input()).toBeEnabled());
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    fake.deliver(message({ nickname: 'Lena', text: 'good evening' }));
    fake.deliver(message({ showId: '8', text: 'elsewhere' }));
    expect(screen.getByText('good evening')).toBeInTheDocument();
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
    const live = document.querySelector('[aria-live="polite"]:not(p)');
    expect(live).toHaveTextContent('Lena: good evening');
  });

  it('closes the input for a guest in a show that is not free, with a way to sign up', async () => {
    const { input, sendButton } = setup(
      fakePort({ ok: true, messages: [message()], writer: { refused: SHOW_CHAT_ERRORS.signUp } }),
    );
    expect(await screen.findByText(/Sign up to chat\./)).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/users/signup');
    expect(input()).toHaveAccessibleDescription(/Sign up to chat\./);
  });

  it('sends the trimmed text, counts characters and clears the field once sent', async () => {
    const user = userEvent.setup();
    const { port, input, sendButton } = setup();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '  hi there ');
    expect(screen.getByText(`11 / ${SHOW_CHAT_TEXT_MAX}`)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(port.send).toHaveBeenCalledWith('7', 'hi there');
    await waitFor(() => expect(input()).toHaveValue(''));
    expect(input()).toHaveAttribute('maxlength', String(SHOW_CHAT_TEXT_MAX));
  });

  it('shows why a message was refused and keeps the text', async () => {
    const user = userEvent.setup();
    const fake = fakePort();
    fake.port.send.mockResolvedValueOnce({ ok: false, error: 'errors.throttle' });
    const { input, sendButton } = setup(fake);
    await waitFor(() => expect(input()).toBeEnabled());
    await user.type(input(), 'again');
    await user.click(sendButton());
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
    expect(input()).toHaveValue('again');
    // A refusal that says who may write closes the field.
    fake.port.send.mockResolvedValueOnce({ ok: false, error: SHOW_CHAT_ERRORS.offline });
    await user.click(sendButton());
    await waitFor(() => expect(input()).toBeDisabled());
  });

  it("names who she chats as: a guest's temporary name, in either language; the performer sees none", async () => {
    const named = (lang: 'en' | 'de', as: 'viewer' | 'performer' = 'viewer') =>
      setup(fakePort({ ok: true, messages: [], writer: { nickname: 'guest-4821' } }), { lang, as });
    const en = named('en');
    expect(await screen.findByText('You chat as guest-4821')).toBeInTheDocument();
    expect(en.input()).toHaveAccessibleDescription('You chat as guest-4821');
    en.view.unmount();
    const de = named('de');
    expect(await screen.findByText('Sie chatten als guest-4821')).toBeInTheDocument();
    de.view.unmount();
    const studio = named('en', 'performer');
    await waitFor(() => expect(studio.input()).toBeEnabled());
    expect(screen.queryByText(/You chat as/)).not.toBeInTheDocument();
  });

  it('waits for the connection, and joins again after a reconnect', async () => {
    const fake = fakePort();
    fake.startDisconnected();
    const { port, input } = setup(fake);
    expect(screen.getByText('Connecting to the chat…')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(port.join).not.toHaveBeenCalled();
    fake.reconnect();
    await waitFor(() => expect(input()).toBeEnabled());
    fake.drop();
    expect(input()).toBeDisabled();
    fake.reconnect();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(port.join).toHaveBeenCalledTimes(2);
  });

  it('says why when the join is refused', async () => {
    setup(fakePort({ ok: false, error: SHOW_CHAT_ERRORS.noShow }));
    expect(await screen.findByText('This show does not exist (any more).')).toBeInTheDocument();
  });

  it('tells a performer whose session ended to sign in', async () => {
    const fake = fakePort();
    fake.startDisconnected();
    setup(fake);
    fake.refuse('unauthenticated');
    expect(await screen.findByText('Please log in.')).toBeInTheDocument();
  });

  it("says so when the server refuses the page's address, instead of connecting for ever", async () => {
    const fake = fakePort();
    fake.startDisconnected();
    setup(fake, { lang: 'de' });
    fake.refuse('origin_refused');
    expect(
      await screen.findByText(/Unter dieser Adresse nimmt die Website keine Chat-Verbindung an/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verbindung zum Chat wird hergestellt …')).not.toBeInTheDocument();
  });

  it('ends with a message on any other refusal the socket does not retry, and waits on a failed transport', async () => {
    const fake = fakePort();
    fake.startDisconnected();
    setup(fake);
    fake.refuse('xhr poll error', false);
    expect(screen.queryByText(/could not connect/)).not.toBeInTheDocument();
    fake.refuse('throttled', true);
    expect(
      await screen.findByText('The chat could not connect. Please reload the page in a moment.'),
    ).toBeInTheDocument();
  });

  it('follows new messages at the bottom, and offers them once the reader scrolled up', async () => {
    const fake = setup();
    await waitFor(() => expect(fake.input()).toBeEnabled());
    const list = screen.getByRole('list', { name: 'Chat messages' });
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 200 });
    fake.deliver(message());
    expect(list.scrollTop).toBe(1000);
    list.scrollTop = 100;
    fireEvent.scroll(list);
    fake.deliver(message());
    expect(list.scrollTop).toBe(100);
    await userEvent.click(screen.getByRole('button', { name: 'New messages' }));
    expect(list.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    setup(fakePort({ ok: true, messages: [], writer: { refused: SHOW_CHAT_ERRORS.nickname } }), { lang: 'de' });
    expect(await screen.findByText(/Wählen Sie einen Nickname, um mitzuchatten\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nickname wählen' })).toHaveAttribute('href', '/#nicknames');
  });

  it('has every refusal the server answers in both catalogs', () => {
    const text = (catalog: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog);
    for (const key of Object.values(SHOW_CHAT_ERRORS)) {
      expect({ key, en: typeof text(catalogs.en, key) }).toEqual({ key, en: 'string' });
      expect({ key, de: typeof text(catalogs.de, key) }).toEqual({ key, de: 'string' });
    }
  });
});
