import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ConsoleOutcome } from '#common/api/admin.ts';
import { consoleApi, newActionKey } from '../api.ts';
import { useErrorText } from '../errors.ts';
import { useNotify } from './Notifier.tsx';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A console action (block, refund, approve...): sent with a key per intent (the same target and
 * input), which stays the same across retries until the action succeeded, so a double click or a
 * retry after a lost answer acts once. Afterwards the named queries are read again and the
 * operator is told what happened; a failure is told in words, and nothing is assumed done.
 */
export function useConsoleAction<Vars, Result extends { outcome?: ConsoleOutcome }>(opts: {
  method: Method;
  path: (vars: Vars) => string;
  body?: (vars: Vars) => unknown;
  /** Queries to read again once it is done (prefixes: ['console', 'members']). */
  invalidates: QueryKey[];
  /** What to tell her when it is done (undefined: nothing). */
  done?: (result: Result, vars: Vars) => string | undefined;
  onDone?: (result: Result, vars: Vars) => void;
  /**
   * What to tell her of a failure instead of the usual words (undefined: the usual words; null:
   * nothing, the screen shows it itself, as a form its fields' errors).
   */
  failed?: (err: unknown, vars: Vars) => string | null | undefined;
}) {
  const client = useQueryClient();
  const notify = useNotify();
  const { say } = useErrorText();
  const keys = useRef(new Map<string, string>());
  const intentOf = (vars: Vars) => `${opts.path(vars)} ${JSON.stringify(opts.body?.(vars) ?? null)}`;
  return useMutation<Result, unknown, Vars>({
    mutationFn: (vars) => {
      const intent = intentOf(vars);
      let key = keys.current.get(intent);
      if (!key) {
        key = newActionKey();
        keys.current.set(intent, key);
      }
      return consoleApi<Result>(opts.method, opts.path(vars), opts.body?.(vars), { actionKey: key });
    },
    onSuccess: async (result, vars) => {
      keys.current.delete(intentOf(vars));
      await Promise.all(opts.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
      const text = opts.done?.(result, vars);
      if (text) notify(text, result.outcome === 'repeat' || result.outcome === 'unchanged' ? 'info' : 'success');
      opts.onDone?.(result, vars);
    },
    onError: (err, vars) => {
      const text = opts.failed?.(err, vars);
      if (text !== null) notify(text ?? say(err), 'error');
    },
  });
}
