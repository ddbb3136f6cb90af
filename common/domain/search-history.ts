import { QUICK_SEARCH_MIN_CHARS, SEARCH_HISTORY_MAX } from '../constants.ts';

/**
 * The quick search's history (spec part 1 "Quick search", "Search result"): the terms searched,
 * newest first, each once (regardless of case), at most 12. Terms shorter than the quick search's
 * minimum are not kept.
 */
export function addToHistory(history: readonly string[], term: string, max = SEARCH_HISTORY_MAX): string[] {
  const clean = term.trim().replace(/\s+/g, ' ');
  if (clean.length < QUICK_SEARCH_MIN_CHARS) return [...history].slice(0, max);
  const key = clean.toLowerCase();
  return [clean, ...history.filter((h) => h.toLowerCase() !== key)].slice(0, max);
}

/** A history without one term. */
export const removeFromHistory = (history: readonly string[], term: string) =>
  history.filter((h) => h.toLowerCase() !== term.toLowerCase());
