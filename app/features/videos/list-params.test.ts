import { describe, expect, it } from 'vitest';
import { pageParam, sortParam, tagsParam, videoListParams, withParam } from './list-params.ts';

const q = (s: string) => new URLSearchParams(s);

describe('list query', () => {
  it('reads the page: whole numbers from 1, anything else is page 1', () => {
    expect(pageParam(q('page=3'))).toBe(3);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=99999999'])
      expect(pageParam(q(bad))).toBe(1);
  });

  it('reads the sort only from the allowed ones', () => {
    expect(sortParam(q('sort=rating'), ['new', 'rating'] as const)).toBe('rating');
    expect(sortParam(q('sort=duration'), ['new', 'rating'] as const)).toBe('new');
    expect(sortParam(q(''), ['new', 'rating'] as const)).toBe('new');
  });

  it('asks the server what the query says, and nothing it does not', () => {
    expect(tagsParam(q('tags=a,,b, c'))).toEqual(['a', 'b', 'c']);
    expect(videoListParams(q('page=2&sort=price&tags=a,b&cat=1013&search=%20anna%20'), 'u-1')).toEqual({
      page: 2,
      sort: 'price',
      tags: 'a,b',
      cat: 1013,
      search: 'anna',
      showid: 'u-1',
    });
    expect(videoListParams(q('cat=x&search=%20&tags='))).toEqual({ page: 1, sort: 'new' });
  });

  it('a changed filter goes back to page 1 and keeps the rest', () => {
    expect(withParam(q('page=4&search=x&tags=a'), 'sort', 'rating').toString()).toBe('search=x&tags=a&sort=rating');
    expect(withParam(q('page=4&tags=a'), 'tags', null).toString()).toBe('');
  });
});
