import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '#app/features/auth/useDebouncedValue.ts';
import { QUICK_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_MIN_CHARS } from '#common/constants.ts';
import { quickSearchQuery } from './api.ts';
import { searchHref } from './search-params.ts';
import { useSearchHistory } from './store.ts';

export type QuickSection = 'shows' | 'videos' | 'galleries';

/**
 * The quick search's state (spec part 1 "Quick search"): fewer than 3 characters clear the results
 * and cancel the pending request; otherwise GET /search/all once typing has paused for 500 ms.
 */
export function useQuickSearch() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const addToHistory = useSearchHistory((s) => s.add);
  const [input, setInputState] = useState('');
  const [open, setOpen] = useState(false);
  const term = input.trim();
  const long = term.length >= QUICK_SEARCH_MIN_CHARS;
  const settled = useDebouncedValue(term, QUICK_SEARCH_DEBOUNCE_MS);
  const ready = long && settled === term;
  const query = useQuery({ ...quickSearchQuery(settled), enabled: ready });

  const setInput = (value: string) => {
    setInputState(value);
    setOpen(true);
    // Too short: nothing stays on its way (the signal aborts the fetch).
    if (value.trim().length < QUICK_SEARCH_MIN_CHARS)
      void client.cancelQueries({ queryKey: ['search', 'all', 'quick'] });
  };

  /** Escape, a click on the overlay, or leaving: empty field, no results, no request. */
  const clear = () => {
    setInputState('');
    setOpen(false);
    void client.cancelQueries({ queryKey: ['search', 'all', 'quick'] });
  };

  /** A result or section link was followed: remember the term, close. */
  const chosen = () => {
    if (long) addToHistory(term);
    clear();
  };

  /** Enter: the shows search (or another section) with the term. */
  const submit = (section: QuickSection = 'shows') => {
    if (!long) return false;
    addToHistory(term);
    const to = searchHref(`/search/${section}`, { search: term });
    clear();
    void navigate(to);
    return true;
  };

  const results = ready ? query.data : undefined;
  const error = ready && query.isError;
  return {
    input,
    setInput,
    term,
    long,
    open,
    setOpen,
    clear,
    chosen,
    submit,
    /** Results only for the term in the field: shorter input shows none. */
    results,
    loading: long && !results && !error,
    error,
  };
}
