import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import legalEn from '#common/i18n/legal.en.json';
import { FaqPage } from './FaqPage.tsx';
import { contentApi } from './testing.ts';

const items = legalEn.faq.items;
const question = (i: number) => screen.getByRole('button', { name: items[i]?.q ?? '?' });

describe('FaqPage', () => {
  beforeEach(() => {
    mockApi({ 'POST /api/_content/page': contentApi() });
  });

  it('opens and closes a question; answers carry the site name', async () => {
    renderWithProviders(<FaqPage />, { route: '/faq' });
    expect(await screen.findByRole('heading', { level: 1, name: legalEn.faq.title })).toBeInTheDocument();
    expect(document.title).toBe(`${legalEn.faq.title} · LiveCam`);
    expect(screen.getAllByRole('button', { expanded: false }).length).toBe(items.length);
    await userEvent.click(question(0));
    expect(question(0)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: items[0]?.q })).toHaveTextContent(
      'Coins are the means of payment on LiveCam',
    );
    await userEvent.click(question(0));
    expect(question(0)).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.innerHTML).not.toContain('{{');
  });

  it('works with the keyboard', async () => {
    renderWithProviders(<FaqPage />, { route: '/faq' });
    await screen.findByRole('heading', { level: 1 });
    question(1).focus();
    await userEvent.keyboard('{Enter}');
    expect(question(1)).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(question(1)).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the question of a deep link, also on a later hash change', async () => {
    const { router } = renderWithProviders(<FaqPage />, { route: '/faq#q-2' });
    await screen.findByRole('heading', { level: 1 });
    expect(question(2)).toHaveAttribute('aria-expanded', 'true');
    expect(question(0)).toHaveAttribute('aria-expanded', 'false');
    await act(() => router.navigate('/faq#q-5'));
    expect(question(5)).toHaveAttribute('aria-expanded', 'true');
    expect(question(2)).toHaveAttribute('aria-expanded', 'true');
  });

  it('renders German', async () => {
    renderWithProviders(<FaqPage />, { route: '/faq', lang: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/contact');
  });
});
