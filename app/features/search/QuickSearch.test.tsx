import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { QuickSearch } from './QuickSearch.tsx';
// Loaded up front: the lazy overlay then resolves at once under fake timers.
import './QuickSearchOverlay.tsx';
import { useSearchHistory } from './store.ts';
import { emptySearchAll, searchAllAnswer } from './testing.ts';

const field = () => screen.getByRole('searchbox', { name: 'Search shows, videos and galleries' });
const type = (value: string) => fireEvent.change(field(), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets answers and renders land (timers are fake). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await wait(10);
};
const submit = () => {
  const form = field().closest('form');
  if (!form) throw new Error('the field sits in a form');
  fireEvent.submit(form);
};

const renderSearch = (phone = false) =>
  renderWithProviders(<QuickSearch phone={phone} />, {
    routes: [{ path: '/search/:section', element: <p>search page</p> }],
  });

beforeEach(() => {
  vi.useFakeTimers();
  useSearchHistory.setState({ terms: [] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('quick search', () => {
  it('asks GET /search/all (limit 6, extend 0) only after 500 ms of quiet', async () => {
    const api = mockApi({ 'GET /api/search/all': () => jsonResponse(searchAllAnswer()) });
    renderSearch();
    fireEvent.focus(field());
    type('ann');
    await wait(300);
    type('anna');
    await wait(499);
    expect(api.callsTo('GET /api/search/all')).toHaveLength(0);
    await wait(1);
    const calls = api.callsTo('GET /api/search/all');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]?.query ?? [])).toEqual({ search: 'anna', limit: '6', extend: '0' });
    await settle();
    const panel = screen.getByRole('region', { name: 'Search results' });
    expect(within(panel).getByRole('link', { name: /^Anna Online/ })).toHaveAttribute(
      'href',
      '/search/shows/chat/u-anna/anna',
    );
    expect(within(panel).getByRole('link', { name: 'All 7 shows' })).toHaveAttribute(
      'href',
      '/search/shows?search=anna',
    );
    expect(within(panel).getByRole('link', { name: '1 video' })).toHaveAttribute('href', '/search/videos?search=anna');
    expect(within(panel).getByRole('link', { name: 'All 2 galleries' })).toHaveAttribute(
      'href',
      '/search/galleries?search=anna',
    );
    expect(within(panel).getByRole('link', { name: /Anna at the beach/ })).toHaveAttribute(
      'href',
      '/search/videos/clip/501',
    );
  });

  it('fewer than 3 characters send nothing, clear the results and cancel the pending request', async () => {
    const signals: AbortSignal[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
      const signal = init?.signal;
      if (signal) signals.push(signal);
      return new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    renderSearch();
    fireEvent.focus(field());
    type('an');
    await wait(600);
    expect(spy).not.toHaveBeenCalled();
    type('anna');
    await wait(500);
    expect(spy).toHaveBeenCalledTimes(1);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    type('an');
    await wait(0);
    expect(signals[0]?.aborted).toBe(true);
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
    spy.mockRestore();
  });

  it('arrow keys walk from the field through the results and back', async () => {
    mockApi({ 'GET /api/search/all': () => jsonResponse(searchAllAnswer()) });
    renderSearch();
    act(() => field().focus());
    type('anna');
    await wait(500);
    await settle();
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(screen.getByRole('link', { name: 'All 7 shows' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(screen.getByRole('link', { name: /^Anna Online/ })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    expect(field()).toHaveFocus();
  });

  it('shows the no-result card', async () => {
    mockApi({ 'GET /api/search/all': () => jsonResponse(emptySearchAll) });
    renderSearch();
    fireEvent.focus(field());
    type('zzzz');
    await wait(500);
    await settle();
    expect(screen.getByText('No result')).toBeInTheDocument();
    expect(screen.getByText(/Nothing matches “zzzz”/)).toBeInTheDocument();
  });

  it('Escape clears the field and the results; so does a click on the overlay', async () => {
    mockApi({ 'GET /api/search/all': () => jsonResponse(searchAllAnswer()) });
    renderSearch();
    fireEvent.focus(field());
    type('anna');
    await wait(500);
    await settle();
    expect(screen.getByRole('region', { name: 'Search results' })).toHaveTextContent('All 7 shows');
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(field()).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();

    fireEvent.focus(field());
    type('anna');
    await wait(500);
    await settle();
    expect(screen.getByRole('region', { name: 'Search results' })).toHaveTextContent('All 7 shows');
    fireEvent.click(screen.getByTestId('quick-search-overlay'));
    expect(field()).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('Enter goes to the shows search with the term and keeps it in the history', async () => {
    mockApi({ 'GET /api/search/all': () => jsonResponse(searchAllAnswer()) });
    const { router } = renderSearch();
    fireEvent.focus(field());
    type('  anna lee ');
    submit();
    await wait(0);
    expect(router.state.location.pathname).toBe('/search/shows');
    expect(router.state.location.search).toBe('?search=anna+lee');
    expect(useSearchHistory.getState().terms).toEqual(['anna lee']);
  });

  it.each(['videos', 'galleries'])('Enter on the %s search searches that section again', async (section) => {
    mockApi({ 'GET /api/search/all': () => jsonResponse(searchAllAnswer()) });
    const { router } = renderWithProviders(<QuickSearch phone={false} />, {
      path: '/search/:section',
      route: `/search/${section}?search=anna`,
    });
    type('mila');
    submit();
    await wait(0);
    expect(router.state.location.pathname).toBe(`/search/${section}`);
    expect(router.state.location.search).toBe('?search=mila');
  });

  it('Enter with fewer than 3 characters stays', async () => {
    mockApi({});
    const { router } = renderSearch();
    type('an');
    submit();
    await wait(0);
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the recent searches (at most 12, newest first) when focused and empty; picking one searches it', async () => {
    const api = mockApi({ 'GET /api/search/all': () => jsonResponse(searchAllAnswer()) });
    const { add } = useSearchHistory.getState();
    for (let i = 1; i <= 14; i++) add(`term ${i}`);
    add('term 3');
    renderSearch();
    fireEvent.focus(field());
    await settle();
    const panel = screen.getByRole('region', { name: 'Search results' });
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(12);
    expect(items[0]).toHaveTextContent('term 3');
    expect(items[1]).toHaveTextContent('term 14');
    fireEvent.click(within(panel).getByRole('button', { name: 'term 14' }));
    expect(field()).toHaveValue('term 14');
    await wait(500);
    expect(api.callsTo('GET /api/search/all')[0]?.query.get('search')).toBe('term 14');
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove “term 3” from the recent searches' }));
    expect(useSearchHistory.getState().terms).toHaveLength(11);
  });

  it('is an icon on phones that opens a full-width field', async () => {
    mockApi({});
    renderSearch(true);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open the search' }));
    expect(field()).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Close the search' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    // Left empty, the bar folds back into the icon.
    fireEvent.click(screen.getByRole('button', { name: 'Open the search' }));
    act(() => field().blur());
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
