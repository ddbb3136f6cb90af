import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '#app/cookies.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { TAKEDOWN_CATEGORIES } from '#common/api/content.ts';
import { XSRF_COOKIE } from '#common/constants.ts';
import { TakedownPage } from './TakedownPage.tsx';
import { clientWithContent } from './testing.ts';

function serve(answer: () => Response | Promise<Response>) {
  writeCookie(XSRF_COOKIE, 'token', 1);
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/takedown') return answer();
    return jsonResponse({ error: 'not_found', message: 'not_found' }, 404);
  });
}

const sentBody = (fetch: ReturnType<typeof serve>) => JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));

async function open() {
  renderWithProviders(<TakedownPage />, { route: '/takedown', client: clientWithContent() });
  await screen.findByRole('heading', { level: 1, name: 'Notice and Action' });
  return userEvent.setup();
}

async function chooseCategory(user: UserEvent, name: RegExp) {
  await user.click(screen.getByRole('combobox', { name: /type of illegal content/i }));
  await user.click(await screen.findByRole('option', { name }));
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Submit notice' }));

async function fillValid(user: UserEvent, { contact = true } = {}) {
  await user.type(screen.getByRole('textbox', { name: 'URL 1' }), 'https://livecam.example/videos/12');
  await user.type(screen.getByRole('textbox', { name: /why do you consider/i }), 'Shows me without consent.');
  if (contact) {
    await user.type(screen.getByRole('textbox', { name: /your name/i }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: /your e-mail/i }), 'ann@example.org');
  }
  await user.click(screen.getByRole('checkbox', { name: /good faith/i }));
}

describe('TakedownPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the notice-and-action text before the form and titles the tab', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 2, name: 'What your notice must contain' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Submit a notice' })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('{{');
    expect(document.title).toBe('Notice and Action · LiveCam');
  });

  it('offers every category of the schema, named in both languages', async () => {
    const user = await open();
    await user.click(screen.getByRole('combobox', { name: /type of illegal content/i }));
    expect(await screen.findAllByRole('option')).toHaveLength(TAKEDOWN_CATEGORIES.length);
    for (const c of TAKEDOWN_CATEGORIES) {
      for (const lng of ['en', 'de']) {
        expect(i18n.getResource(lng, 'translation', `content.takedown.categories.${c}`)).toEqual(expect.any(String));
      }
    }
  });

  it('requires everything at once, name and e-mail included, and sends nothing', async () => {
    const fetch = serve(() => jsonResponse({ id: 1 }, 201));
    const user = await open();
    await submit(user);
    expect(await screen.findAllByText('This field is required.')).toHaveLength(4); // category, explanation, name, e-mail
    expect(screen.getByText('Please enter a full web address (https://…).')).toBeInTheDocument();
    expect(screen.getByText('Please confirm that your notice is accurate and complete.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /your name/i })).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lets a notice about minors be anonymous, and only that one', async () => {
    const fetch = serve(() => jsonResponse({ id: 41 }, 201));
    const user = await open();
    await chooseCategory(user, /copyright/i);
    await fillValid(user, { contact: false });
    await submit(user);
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();

    await chooseCategory(user, /abuse or exploitation of minors/i);
    expect(screen.getByText(/You may submit this notice anonymously/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name (optional)' })).not.toBeRequired();
    await submit(user);
    expect(await screen.findByText('Your notice has reference number #41.')).toBeInTheDocument();
    expect(sentBody(fetch)).toEqual({
      category: 'minor',
      urls: ['https://livecam.example/videos/12'],
      explanation: 'Shows me without consent.',
      name: '',
      email: '',
      good_faith: true,
    });
  });

  it('checks the addresses and adds and removes rows', async () => {
    const fetch = serve(() => jsonResponse({ id: 7 }, 201));
    const user = await open();
    await chooseCategory(user, /without consent/i);
    await fillValid(user);
    expect(screen.getByRole('button', { name: 'Remove URL 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add another URL' }));
    const second = screen.getByRole('textbox', { name: 'URL 2' });
    expect(second).toHaveFocus();
    await user.type(second, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add another URL' }));
    await user.type(screen.getByRole('textbox', { name: 'URL 3' }), 'no address');
    await submit(user);
    expect(await screen.findAllByText('Please enter a full web address (https://…).')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove URL 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove URL 2' }));
    expect(screen.queryByRole('textbox', { name: 'URL 2' })).not.toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText('Your notice has reference number #7.')).toBeInTheDocument();
    expect(sentBody(fetch)).toMatchObject({ category: 'non_consensual', urls: ['https://livecam.example/videos/12'] });
  });

  it('stops at 20 addresses', async () => {
    const user = await open();
    for (let i = 1; i < 20; i++) await user.click(screen.getByRole('button', { name: 'Add another URL' }));
    expect(screen.getByRole('textbox', { name: 'URL 20' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add another URL' })).not.toBeInTheDocument();
  });

  it('requires the good-faith statement', async () => {
    const fetch = serve(() => jsonResponse({ id: 1 }, 201));
    const user = await open();
    await chooseCategory(user, /copyright/i);
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /good faith/i }));
    await submit(user);
    expect(await screen.findByText('Please confirm that your notice is accurate and complete.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows sending, then the reference number, and starts over on request', async () => {
    let answer: (r: Response) => void = () => {};
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = await open();
    await chooseCategory(user, /copyright/i);
    await fillValid(user);
    await submit(user);
    const button = screen.getByRole('button', { name: /submit notice/i });
    expect(button).toBeDisabled();
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    answer(jsonResponse({ id: 1234 }, 201));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your notice has reference number #1234.');
    expect(status).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Submit another notice' }));
    expect(screen.getByRole('textbox', { name: 'URL 1' })).toHaveValue('');
  });

  it('maps the server’s 422 to the fields and a 429 to the wait message', async () => {
    let res = () =>
      jsonResponse(
        {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { 'urls.0': ['errors.validations.url'], explanation: ['errors.validations.too_long'] },
        },
        422,
      );
    serve(() => res());
    const user = await open();
    await chooseCategory(user, /copyright/i);
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('Please enter a full web address (https://…).')).toBeInTheDocument();
    expect(screen.getByText('This is too long.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL 1' })).toHaveAttribute('aria-invalid', 'true');
    res = () => jsonResponse({ error: 'throttle', message: 'throttle' }, 429);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
  });
});
