import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { ConsoleContentText } from '#common/api/admin-content.ts';
import { renderConsole } from '../testing.tsx';

/** The screen's chunk loads on first use: slow on a busy machine. */
const LOADED = { timeout: 20_000 };

const refund = (over: Partial<ConsoleContentText> = {}): ConsoleContentText => ({
  page: 'refund',
  locale: 'de',
  title: 'Widerruf',
  edited: false,
  updatedAt: null,
  updatedBy: null,
  text: '# Widerruf\n\nAlt.',
  releaseText: '# Widerruf\n\nAlt.',
  ...over,
});

describe('the content pages screen', { timeout: 60_000 }, () => {
  it('lists the pages with their state, and is in the menu of administrators only', async () => {
    const { text: _text, releaseText: _release, ...base } = refund();
    mockApi({
      'GET /api/admin/content': () =>
        jsonResponse({
          entries: [
            base,
            {
              page: 'faq',
              locale: 'en',
              title: 'FAQ <b>',
              edited: true,
              updatedAt: '2026-11-28T10:00:00.000Z',
              updatedBy: 'Ops Tester',
            },
          ],
        }),
    });
    renderConsole('/admin/content', { roles: ['admin'] });
    const table = await screen.findByRole('table', { name: 'Content pages' }, LOADED);
    expect(within(table).getByRole('link', { name: 'Edit Widerruf (German)' })).toHaveAttribute(
      'href',
      '/admin/content/refund/de',
    );
    expect(within(table).getByText('FAQ <b>')).toBeInTheDocument();
    expect(within(table).getByText('2026-11-28 10:00 UTC by Ops Tester')).toBeInTheDocument();
    expect(within(table).getByText('As released')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Content pages' }).length).toBeGreaterThan(0);
  });

  it('is not offered to support or moderators', async () => {
    mockApi({ 'GET /api/admin': () => jsonResponse({ figures: [] }) });
    renderConsole('/admin', { roles: ['support', 'moderator'] });
    expect(await screen.findAllByRole('link', { name: 'Support desk' }, LOADED)).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Content pages' })).toBeNull();
  });

  it('saves a text under one key across a retry, and words a text out of the subset', async () => {
    let answer: 'fail' | 'format' | 'ok' = 'format';
    let current = refund();
    const api = mockApi({
      'GET /api/admin/content/refund/de': () => jsonResponse(current),
      'PUT /api/admin/content/refund/de': (call) => {
        if (answer === 'format') {
          return apiError(422, {
            error: 'validation_failed',
            message: 'x',
            errors: { text: ['errors.console.content.format'] },
          });
        }
        if (answer === 'fail') return apiError(500, { error: 'internal', message: 'unknown_error' });
        const text = (call.body as { text: string }).text;
        current = refund({ text, edited: true, updatedAt: '2026-11-29T10:00:00.000Z', updatedBy: 'Ops Tester' });
        return jsonResponse({ outcome: 'done', entry: current });
      },
    });
    renderConsole('/admin/content/refund/de', { roles: ['admin'] });
    const box = await screen.findByRole('textbox', { name: 'Text' }, LOADED);
    expect(box).toHaveValue('# Widerruf\n\nAlt.');
    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, 'Kein Titel');
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(
      await screen.findByText('The text must start with one line "# Title", and have no second one.'),
    ).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '# Widerruf neu{enter}{enter}Neu.');
    answer = 'fail';
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect((await screen.findAllByText(/Something went wrong on the server/)).length).toBeGreaterThan(0);
    answer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('The text is live on the site.')).toBeInTheDocument();
    expect(await screen.findByText('Changed in the console: 2026-11-29 10:00 UTC by Ops Tester')).toBeInTheDocument();
    const puts = api.callsTo('PUT /api/admin/content/refund/de');
    expect(puts.at(-1)?.body).toEqual({ text: '# Widerruf neu\n\nNeu.' });
    // The retry of one change keeps its key: the server acts once.
    expect(puts[1]?.headers['idempotency-key']).toBe(puts[2]?.headers['idempotency-key']);
    expect(puts[1]?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('speaks German', async () => {
    mockApi({ 'GET /api/admin/content/refund/de': () => jsonResponse(refund()) });
    renderConsole('/admin/content/refund/de', { roles: ['admin'], locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Widerruf (Deutsch)' }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ausgelieferten Text wiederherstellen' })).toBeDisabled();
  });
});
