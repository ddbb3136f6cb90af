import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { LegalPage } from './LegalPage.tsx';
import { contentApi } from './testing.ts';

const renderLegal = (path: string, name: string, lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<p>unused</p>, {
    path: '/__unused',
    route: path,
    lang,
    routes: [
      { path, handle: { name }, element: <LegalPage /> },
      { path: '/contact', element: <p>contact page</p> },
    ],
  });

describe('LegalPage', () => {
  beforeEach(() => {
    mockApi({ 'POST /api/_content/page': contentApi() });
  });

  it("shows the text the content API answers, an operator's edit, as text only, with its date", async () => {
    const text =
      '# Refunds now\n\nNew <b>rules</b> for {{site}}.\n\n## <script>alert(1)</script>\n\nAsk refunds@example.org.';
    const api = mockApi({
      'POST /api/_content/page': contentApi({ 'refund:en': { text, updatedAt: '2026-11-28T10:00:00.000Z' } }),
    });
    renderLegal('/refund', 'refund');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refunds now' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/_content/page')[0]?.body).toEqual({ page: 'refund', locale: 'en' });
    expect(screen.getByText('New <b>rules</b> for LiveCam.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '<script>alert(1)</script>' })).toBeInTheDocument();
    expect(document.querySelector('article script, article b')).toBeNull();
    expect(screen.getByRole('link', { name: 'refunds@example.org' })).toHaveAttribute(
      'href',
      'mailto:refunds@example.org',
    );
    expect(screen.getByText('Last updated: November 28, 2026')).toBeInTheDocument();
  });

  it('offers to try again when the text could not be read', async () => {
    let fail = true;
    mockApi({
      'POST /api/_content/page': (call) =>
        fail ? jsonResponse({ error: 'server_error', message: 'x' }, 500) : contentApi()(call),
    });
    renderLegal('/terms', 'terms');
    expect(await screen.findByText('This text could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
  });

  it('renders the text of the route with the operator details filled in', async () => {
    renderLegal('/terms', 'terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1. Scope and contracting party' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(10);
    expect(screen.getByText(/is operated by Operator GmbH, Street 1, Berlin/)).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('{{');
    expect(document.title).toBe('Terms and Conditions · LiveCam');
  });

  it('maps route names to text keys and renders German', async () => {
    renderLegal('/privacy_policy', 'privacy_policy', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('Operator GmbH');
    expect(document.body.innerHTML).not.toContain('{{');
  });

  it('fills every placeholder of the imprint and links the e-mail addresses', async () => {
    renderLegal('/imprint', 'imprint', 'de');
    await screen.findByRole('heading', { level: 1 });
    for (const v of ['HRB 1', 'DE1', 'Director', 'Officer']) expect(document.body.textContent).toContain(v);
    expect(document.body.innerHTML).not.toContain('{{');
    const mail = screen.getAllByRole('link', { name: 'youth@example.org' })[0];
    expect(mail).toHaveAttribute('href', 'mailto:youth@example.org');
  });

  it('has a table of contents linking to each section', async () => {
    renderLegal('/terms', 'terms');
    const nav = await screen.findByRole('navigation', { name: 'Table of contents' });
    const toggle = within(nav).getByRole('button', { name: 'Table of contents' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = within(nav).getAllByRole('link');
    const headings = screen.getAllByRole('heading', { level: 2 }).filter((h) => h.id.startsWith('section-'));
    expect(links).toHaveLength(headings.length);
    for (const [i, link] of links.entries()) {
      const target = document.getElementById((link.getAttribute('href') ?? '').slice(1));
      expect(target).toBe(headings[i]);
      expect(link).toHaveTextContent(target?.textContent ?? '-');
    }
  });

  it('ends the performer page with a link to the contact form', async () => {
    renderLegal('/camgirl_werden', 'camgirl_werden');
    expect(await screen.findByRole('link', { name: 'Apply now' })).toHaveAttribute('href', '/contact');
  });

  it('ends the performer guide with its questions, each answer collapsible by mouse and keyboard', async () => {
    renderLegal('/camgirl_werden', 'camgirl_werden');
    const questions = await screen.findByRole('region', { name: 'Questions from performers' });
    const question = within(questions).getByRole('button', { name: 'Do I have to show my face?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(within(questions).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    question.focus();
    await userEvent.keyboard('{Enter}');
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Do I have to show my face?' })).toHaveTextContent(
      'You decide what the camera shows.',
    );
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the guide and its questions in German', async () => {
    renderLegal('/camgirl_werden', 'camgirl_werden', 'de');
    const questions = await screen.findByRole('region', { name: 'Fragen von Darstellerinnen' });
    await userEvent.click(within(questions).getByRole('button', { name: 'Kann ich jederzeit aufhören?' }));
    expect(screen.getByText(/Sie können Ihr Profil jederzeit pausieren/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Jetzt bewerben' })).toHaveAttribute('href', '/contact');
  });

  it('follows the language switch', async () => {
    const { router } = renderLegal('/terms', 'terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    const { i18n } = await import('#app/i18n.ts');
    await i18n.changeLanguage('de');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Allgemeine Geschäftsbedingungen · LiveCam');
    expect(router.state.location.pathname).toBe('/terms');
  });
});
