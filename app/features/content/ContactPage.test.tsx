import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '#app/cookies.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { XSRF_COOKIE } from '#common/constants.ts';
import { ContactPage } from './ContactPage.tsx';
import { legalTextsReady } from './legal.ts';

/** Answers the CSRF cookie call, and `answer` for the form's POST; returns the spy. */
function serve(answer: () => Response | Promise<Response>) {
  writeCookie(XSRF_COOKIE, 'token', 1);
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/contact') return answer();
    return jsonResponse({ error: 'not_found', message: 'not_found' }, 404);
  });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fill(values: { name?: string; email?: string; subject?: string; message?: string }) {
  const user = userEvent.setup();
  for (const [label, value] of [
    [/^name/i, values.name],
    [/^e-mail/i, values.email],
    [/^subject/i, values.subject],
    [/^message/i, values.message],
  ] as const) {
    if (value === undefined) continue;
    await user.clear(field(label));
    await user.type(field(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactPage', () => {
  beforeAll(() => legalTextsReady(), 20_000);
  afterEach(() => vi.restoreAllMocks());

  it('validates on the client: required fields and the e-mail address', async () => {
    const fetch = serve(() => jsonResponse({ ok: true }, 201));
    renderWithProviders(<ContactPage />, { route: '/contact' });
    await screen.findByRole('heading', { level: 1, name: 'Contact' });
    await fill({});
    expect(await screen.findAllByText('This field is required.')).toHaveLength(4);
    expect(field(/^name/i)).toHaveFocus();
    await fill({ name: 'Ann', email: 'not-an-address', subject: 'Hi', message: 'Hello' });
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses control characters on the client, with the message the server would answer', async () => {
    const fetch = serve(() => jsonResponse({ ok: true }, 201));
    renderWithProviders(<ContactPage />, { route: '/contact' });
    await screen.findByRole('heading', { level: 1, name: 'Contact' });
    await fill({ name: 'Ann', email: 'ann@example.org', subject: 'Hi\u0007', message: 'Line one\nLine two' });
    expect(await screen.findAllByText('Please remove the invisible control characters.')).toHaveLength(1);
    expect(field(/^subject/i)).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the message, thanks and resets the form; name and address come from the account', async () => {
    const fetch = serve(() => jsonResponse({ ok: true }, 201));
    renderWithProviders(<ContactPage />, {
      route: '/contact',
      user: testUser({ name: 'Max', email: 'max@example.org' }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(field(/^name/i)).toHaveValue('Max');
    expect(field(/^e-mail/i)).toHaveValue('max@example.org');
    expect(screen.getByText('0 / 5,000')).toBeInTheDocument();
    await fill({ subject: ' Payment ', message: 'Where are my coins?' });
    expect(await screen.findByRole('status')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Thank you for your message');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Max',
      email: 'max@example.org',
      subject: 'Payment',
      message: 'Where are my coins?',
    });
    expect(field(/^subject/i)).toHaveValue('');
    expect(field(/^message/i)).toHaveValue('');
    expect(field(/^name/i)).toHaveValue('Max');
  });

  it('disables the button while sending', async () => {
    let answer: (r: Response) => void = () => {};
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<ContactPage />, { route: '/contact', user: testUser() });
    await screen.findByRole('heading', { level: 1 });
    await fill({ subject: 'Hi', message: 'Hello' });
    const button = screen.getByRole('button', { name: /send message/i });
    expect(button).toBeDisabled();
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    answer(jsonResponse({ ok: true }, 201));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('counts the characters of the message and rejects more than 5000', async () => {
    serve(() => jsonResponse({ ok: true }, 201));
    renderWithProviders(<ContactPage />, { route: '/contact', user: testUser() });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(field(/^message/i));
    await userEvent.paste('x'.repeat(5001));
    expect(screen.getByText('5,001 / 5,000')).toBeInTheDocument();
    await fill({ subject: 'Long' });
    expect(await screen.findByText('This is too long.')).toBeInTheDocument();
  });

  it('shows the server’s 422 messages on their fields', async () => {
    serve(() =>
      jsonResponse(
        {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { email: ['errors.validations.email'], subject: ['errors.validations.too_long'] },
        },
        422,
      ),
    );
    renderWithProviders(<ContactPage />, { route: '/contact' });
    await screen.findByRole('heading', { level: 1 });
    await fill({ name: 'Ann', email: 'ann@example.org', subject: 'Hi', message: 'Hello' });
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('This is too long.')).toBeInTheDocument();
    expect(field(/^e-mail/i)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^subject/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Thank you for your message')).not.toBeInTheDocument();
  });

  it('asks to wait after 429 and shows a general message for other failures', async () => {
    let status = 429;
    serve(() => jsonResponse({ error: 'throttle', message: 'throttle' }, status));
    renderWithProviders(<ContactPage />, { route: '/contact', lang: 'de' });
    await screen.findByRole('heading', { level: 1, name: 'Kontakt' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^name/i }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: /^e-mail/i }), 'ann@example.org');
    await user.type(screen.getByRole('textbox', { name: /^betreff/i }), 'Hallo');
    await user.type(screen.getByRole('textbox', { name: /^nachricht/i }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zu viele Anfragen');
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen');
  });

  it('links the support address', async () => {
    renderWithProviders(<ContactPage />, { route: '/contact' });
    expect(await screen.findByRole('link', { name: 'support@example.org' })).toHaveAttribute(
      'href',
      'mailto:support@example.org',
    );
    expect(document.title).toBe('Contact · LiveCam');
  });
});
