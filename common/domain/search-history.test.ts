import { describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_MAX } from '../constants.ts';
import { addToHistory, removeFromHistory } from './search-history.ts';

describe('search history', () => {
  it('puts the newest first and keeps each term once, regardless of case and spaces', () => {
    let h: string[] = [];
    h = addToHistory(h, 'anna');
    h = addToHistory(h, 'berlin');
    h = addToHistory(h, '  Anna ');
    expect(h).toEqual(['Anna', 'berlin']);
    expect(addToHistory(h, 'blonde   hair')).toEqual(['blonde hair', 'Anna', 'berlin']);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX} entries, dropping the oldest`, () => {
    let h: string[] = [];
    for (let i = 1; i <= 15; i++) h = addToHistory(h, `term ${i}`);
    expect(h).toHaveLength(12);
    expect(h[0]).toBe('term 15');
    expect(h[11]).toBe('term 4');
  });

  it('does not keep terms shorter than 3 characters', () => {
    expect(addToHistory(['anna'], 'ab')).toEqual(['anna']);
    expect(addToHistory([], '   ')).toEqual([]);
  });

  it('removes one term', () => {
    expect(removeFromHistory(['Anna', 'berlin'], 'anna')).toEqual(['berlin']);
  });
});
