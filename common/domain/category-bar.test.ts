import { describe, expect, it } from 'vitest';
import { categoryBarContent, categoryBarShown, categoryPath, pageArrows, slugify } from './category-bar.ts';

const cat = (id: number, name = `Cat ${id}`) => ({ id, slug: `cat-${id}`, name, description: `About ${name}` });

describe('category bar', () => {
  it('is shown only on index, shows-all, shows-cat and categories', () => {
    for (const name of ['index', 'shows-all', 'shows-cat', 'categories']) expect(categoryBarShown(name)).toBe(true);
    for (const name of ['shows', 'show', 'videos', 'search', undefined]) expect(categoryBarShown(name)).toBe(false);
  });

  it('holds the first 3 categories and the special 20, hides 1, and reveals the rest plus the search categories', () => {
    const categories = [cat(1), cat(2), cat(20), cat(3), cat(4), cat(5), cat(6)];
    const search = [cat(1001), cat(1062), cat(1013), cat(1024), cat(1051), cat(1099), cat(1052), cat(1054)];
    const bar = categoryBarContent(categories, search, false);
    expect(bar.main.map((c) => c.id)).toEqual([2, 3, 4]);
    expect(bar.special?.id).toBe(20);
    expect(bar.extra.map((c) => c.id)).toEqual([5, 6, 1013, 1024, 1051, 1052, 1054, 1062]);
    expect(bar.more).toBe(false);
  });

  it('offers the "more" link only in the local environment', () => {
    expect(categoryBarContent([cat(2)], [], true).more).toBe(true);
  });

  it('copes with lists without the special category or with few categories', () => {
    const bar = categoryBarContent([cat(1), cat(7)], [], false);
    expect(bar.main.map((c) => c.id)).toEqual([7]);
    expect(bar.special).toBeNull();
    expect(bar.extra).toEqual([]);
  });

  it('links a category as /shows/<id>/<slug>/<description slug>', () => {
    expect(
      categoryPath({ id: 12, slug: 'mature', name: 'Reife Frauen', description: 'Erfahrene Frauen über 40' }),
    ).toBe('/shows/12/mature/erfahrene-frauen-ueber-40');
  });

  it('slugs German text', () => {
    expect(slugify('Größe & Schönheit!')).toBe('groesse-schoenheit');
    expect(slugify('Café crème')).toBe('cafe-creme');
    expect(slugify('***')).toBe('-');
  });
});

describe('page arrows', () => {
  const base = { routeName: 'shows-cat', infinite: false, pathname: '/shows/2/cat-2/x', search: '' };

  it('are hidden on the categories page, with infinite scroll, or with one page', () => {
    expect(pageArrows({ ...base, routeName: 'categories', page: 1, lastPage: 5 })).toBeNull();
    expect(pageArrows({ ...base, infinite: true, page: 1, lastPage: 5 })).toBeNull();
    expect(pageArrows({ ...base, page: 1, lastPage: 1 })).toBeNull();
  });

  it('offer only next on page 1 and only previous on the last page', () => {
    expect(pageArrows({ ...base, page: 1, lastPage: 3 })).toEqual({ previous: null, next: '/shows/2/cat-2/x?page=2' });
    expect(pageArrows({ ...base, page: 3, lastPage: 3, search: '?page=3' })).toEqual({
      previous: '/shows/2/cat-2/x?page=2',
      next: null,
    });
  });

  it('drop the query on the way back from page 2', () => {
    expect(pageArrows({ ...base, page: 2, lastPage: 3, search: '?page=2&x=1' })?.previous).toBe('/shows/2/cat-2/x');
  });

  it('keep the rest of the query otherwise', () => {
    expect(pageArrows({ ...base, page: 3, lastPage: 5, search: '?page=3&x=1' })).toEqual({
      previous: '/shows/2/cat-2/x?page=2&x=1',
      next: '/shows/2/cat-2/x?page=4&x=1',
    });
  });
});
