import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { catalogueRoutes } from './catalogue-test-routes.tsx';
import { useCatalogueStore } from './store.ts';
import { categoriesAnswer, showsPage, showTile } from './testing.ts';

const tiles = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) =>
    showTile({ universalId: `u${from + i}`, showName: `Show ${from + i}`, slugName: `s${from + i}` }),
  );

function render(route: string, opts: { local?: boolean; lang?: 'en' | 'de' } = {}) {
  return renderWithProviders(<p>elsewhere</p>, {
    path: '/__elsewhere',
    route,
    routes: catalogueRoutes,
    config: { local: opts.local ?? false },
    ...(opts.lang ? { lang: opts.lang } : {}),
  });
}

let scrollTo = vi.fn();
beforeEach(() => {
  scrollTo = vi.fn();
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
  useCatalogueStore.setState({ infiniteScroll: false, categoriesExpanded: false });
});

/** The first paint waits for the lazy route modules. */
const SLOW = { timeout: 5000 };
const bar = () => screen.findByRole('navigation', { name: 'Categories' }, SLOW);

describe('show list pages', () => {
  it('lists a category page by page, with the category bar, page links and arrows', async () => {
    useCatalogueStore.setState({ infiniteScroll: false, categoriesExpanded: false });
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': (call) => {
        const page = Number(call.query.get('page'));
        return jsonResponse(showsPage(tiles(3, page * 10), { current_page: page, last_page: 12, total: 400 }));
      },
    });
    const view = render('/shows/3/couples/all-about-couples?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Couples' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Show 20' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/shows')[0]?.query.toString()).toBe('page=2&limit=36&category=3');

    const nav = await bar();
    expect(within(nav).getByRole('link', { name: 'Couples' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/shows/3/couples/all-about-couples',
    );
    expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/shows/3/couples/all-about-couples?page=3',
    );

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    const links = within(pages).getAllByRole('link', { name: /^Page / });
    expect(links.map((l) => l.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/shows/3/couples/all-about-couples',
    );
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.setup().click(within(pages).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('article', { name: 'Show 30' })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?page=3');
  });

  it('composes the bar: all shows, 3 categories, the special one, and the persisted toggle', async () => {
    useCatalogueStore.setState({ infiniteScroll: false, categoriesExpanded: false });
    mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': () => jsonResponse(showsPage(tiles(2))),
    });
    render('/shows/all-shows', { local: true });
    const nav = await bar();
    await within(nav).findByRole('link', { name: 'Girls' });
    const names = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual(['All shows', 'Girls', 'Couples', 'Mature', 'Special', 'All categories']);
    expect(within(nav).getByRole('link', { name: 'Special' })).toHaveAttribute(
      'href',
      '/shows/20/special/all-about-special',
    );
    expect(within(nav).queryByRole('link', { name: 'Hidden' })).not.toBeInTheDocument();
    // One page: no arrows.
    expect(within(nav).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    const toggle = within(nav).getByRole('button', { name: 'More categories' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(within(nav).getByRole('button', { name: 'Fewer categories' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Trans', 'Tattoos', 'Outdoor']) expect(within(nav).getByRole('link', { name })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Unlisted' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('livecam.catalogue') ?? '{}').state.categoriesExpanded).toBe(true);
  });

  it('shows no "more" link outside the local environment, and no bar on /shows', async () => {
    useCatalogueStore.setState({ infiniteScroll: false, categoriesExpanded: false });
    mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': () => jsonResponse(showsPage(tiles(2))),
    });
    const view = render('/shows/all-shows');
    const nav = await bar();
    await within(nav).findByRole('link', { name: 'Girls' });
    expect(within(nav).queryByRole('link', { name: 'All categories' })).not.toBeInTheDocument();
    await act(() => view.router.navigate('/shows'));
    expect(await screen.findByRole('article', { name: 'Show 0' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument();
  });

  it('says so when a category is empty, and offers all shows', async () => {
    mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': () => jsonResponse(showsPage([])),
    });
    render('/shows/4/mature/x');
    expect(await screen.findByText(i18n.t('shows.list.empty'), {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'All shows' }).length).toBeGreaterThan(0);
  });

  it('goes to the last page from a page past the end', async () => {
    mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': (call) => {
        const page = Number(call.query.get('page'));
        return jsonResponse(showsPage(page <= 2 ? tiles(1, page * 10) : [], { current_page: page, last_page: 2 }));
      },
    });
    const view = render('/shows/4/mature/x?page=7');
    expect(await screen.findByRole('article', { name: 'Show 20' }, SLOW)).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?page=2');
    expect(screen.queryByText(i18n.t('shows.list.empty'))).not.toBeInTheDocument();
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': () =>
        fail ? apiError(503, { error: 'unavailable', message: 'unavailable' }) : jsonResponse(showsPage(tiles(1))),
    });
    render('/shows/all-shows');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent(i18n.t('shows.list.error'));
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Show 0' })).toBeInTheDocument();
  });

  it('scrolls endlessly when switched on: no page links, the next page at the end, page in the query', async () => {
    useCatalogueStore.setState({ infiniteScroll: false, categoriesExpanded: false });
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': (call) => {
        const page = Number(call.query.get('page'));
        return jsonResponse(showsPage(tiles(2, page * 10), { current_page: page, last_page: 3, more: page < 3 }));
      },
    });
    const view = render('/shows/all-shows?page=2');
    expect(await screen.findByRole('article', { name: 'Show 20' }, SLOW)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Endless scrolling'));
    // Rebuilt from page 1 to the current page in one request.
    expect(await screen.findByRole('article', { name: 'Show 20' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/shows').some((c) => c.query.get('page_from') === '1')).toBe(true));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(within(await bar()).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Show 30' })).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.search).toBe('?page=3'));
    expect(screen.getByText(i18n.t('shows.list.end'))).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('livecam.catalogue') ?? '{}').state.infiniteScroll).toBe(true);
    act(() => useCatalogueStore.setState({ infiniteScroll: false }));
  });

  it('loads the next page when the end of the endless list comes into view', async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(callback: IntersectionObserverCallback) {
          observers.push({ callback, targets: this.targets });
        }
        observe(el: Element) {
          this.targets.push(el);
        }
        disconnect() {
          this.targets.length = 0;
        }
      },
    );
    useCatalogueStore.setState({ infiniteScroll: true });
    mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': (call) => {
        const page = Number(call.query.get('page'));
        return jsonResponse(showsPage(tiles(2, page * 10), { current_page: page, last_page: 3, more: page < 3 }));
      },
    });
    render('/shows/all-shows');
    expect(await screen.findByRole('article', { name: 'Show 10' }, SLOW)).toBeInTheDocument();
    const watching = await waitFor(() => {
      const o = observers.find((x) => x.targets.length > 0);
      if (!o) throw new Error('nothing observed yet');
      return o;
    });
    act(() =>
      watching.callback(
        [{ isIntersecting: true, target: watching.targets[0] } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    expect(await screen.findByRole('article', { name: 'Show 20' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Show 10' })).toBeInTheDocument();
    act(() => useCatalogueStore.setState({ infiniteScroll: false }));
    vi.unstubAllGlobals();
  });

  it('the index shows the teaser (4 of 5) and all shows; going back to page 1 reloads', async () => {
    useCatalogueStore.setState({ infiniteScroll: false, categoriesExpanded: false });
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categoriesAnswer()),
      'GET /api/shows': (call) => {
        if (call.query.get('limit') === '5') return jsonResponse(showsPage(tiles(5, 100)));
        const page = Number(call.query.get('page'));
        return jsonResponse(showsPage(tiles(2, page * 10), { current_page: page, last_page: 2 }));
      },
    });
    const view = render('/?page=2');
    const teaser = await screen.findByRole('list', { name: 'Online now' }, SLOW);
    await waitFor(() => expect(within(teaser).getAllByRole('article')).toHaveLength(4));
    expect(await screen.findByRole('article', { name: 'Show 20' })).toBeInTheDocument();
    const listCalls = () => api.callsTo('GET /api/shows').filter((c) => c.query.get('limit') === '36');
    await act(() => view.router.navigate('/'));
    expect(await screen.findByRole('article', { name: 'Show 10' })).toBeInTheDocument();
    const before = listCalls().filter((c) => c.query.get('page') === '1').length;
    expect(before).toBeGreaterThanOrEqual(1);
    await act(() => view.router.navigate('/?page=2'));
    await screen.findByRole('article', { name: 'Show 20' });
    scrollTo.mockClear();
    await act(() => view.router.navigate('/'));
    await waitFor(() => expect(listCalls().filter((c) => c.query.get('page') === '1').length).toBeGreaterThan(before));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });
});
