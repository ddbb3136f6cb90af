import { describe, expect, it } from 'vitest';
import {
  PAGE_LINKS_NARROW,
  PAGE_LINKS_WIDE,
  pageFromQuery,
  pageHref,
  pageWindow,
  paginationVisible,
} from './pagination.ts';

describe('pagination', () => {
  it('is visible only with more than one page', () => {
    expect(paginationVisible(0)).toBe(false);
    expect(paginationVisible(1)).toBe(false);
    expect(paginationVisible(2)).toBe(true);
  });

  it('links 9 pages wide and 5 narrow, centred on the current page', () => {
    expect(pageWindow(10, 40, PAGE_LINKS_WIDE)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(pageWindow(10, 40, PAGE_LINKS_NARROW)).toEqual([8, 9, 10, 11, 12]);
  });

  it('keeps the window size at both ends', () => {
    expect(pageWindow(1, 40, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(2, 40, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(40, 40, 9)).toEqual([32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(pageWindow(39, 40, 5)).toEqual([36, 37, 38, 39, 40]);
  });

  it('links every page when there are fewer than the width', () => {
    expect(pageWindow(2, 3, 9)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1, 5)).toEqual([1]);
    expect(pageWindow(1, 0, 5)).toEqual([]);
  });

  it('clamps a page outside the range', () => {
    expect(pageWindow(99, 6, 5)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(-3, 6, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps search, tags, sort and cat, sets page and drops other keys', () => {
    const search = '?search=anna&tags=blonde,tattoo&sort=rating&cat=12&page=3&utm=x';
    expect(pageHref('/search/videos', search, 4)).toBe(
      '/search/videos?search=anna&tags=blonde%2Ctattoo&sort=rating&cat=12&page=4',
    );
  });

  it('drops page for page 1', () => {
    expect(pageHref('/shows/all-shows', '?page=5', 1)).toBe('/shows/all-shows');
    expect(pageHref('/search', '?search=x&page=5', 1)).toBe('/search?search=x');
  });

  it('keeps extra keys when asked', () => {
    expect(pageHref('/search/shows', '?lat=52.5&lon=13.4&page=2', 3, ['lat', 'lon'])).toBe(
      '/search/shows?lat=52.5&lon=13.4&page=3',
    );
  });

  it('reads the page from the query, 1 by default', () => {
    expect(pageFromQuery(null)).toBe(1);
    expect(pageFromQuery('3')).toBe(3);
    expect(pageFromQuery('0')).toBe(1);
    expect(pageFromQuery('-2')).toBe(1);
    expect(pageFromQuery('2.5')).toBe(1);
    expect(pageFromQuery('abc')).toBe(1);
  });
});
