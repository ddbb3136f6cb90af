import { queryOptions } from '@tanstack/react-query';
import type { OperatorDetail, OperatorsList } from '#common/api/admin-operators.ts';
import { ApiError } from '../../api-error.ts';
import { consoleApi } from '../api.ts';
import type { OperatorsTexts } from './texts.ts';

/** Every query of these screens starts so; a change of an operator reads them (and the log) again. */
export const OPERATORS_KEY = ['console', 'operators'] as const;
export const CHANGED_BY_OPERATOR_ACTIONS = [OPERATORS_KEY, ['console', 'audit']];

export const operatorsQuery = queryOptions({
  queryKey: OPERATORS_KEY,
  queryFn: ({ signal }) => consoleApi<OperatorsList>('GET', 'operators', undefined, { signal }),
});

export const operatorQuery = (id: number) =>
  queryOptions({
    queryKey: [...OPERATORS_KEY, id],
    queryFn: ({ signal }) => consoleApi<OperatorDetail>('GET', `operators/${id}`, undefined, { signal }),
  });

/** The words for a refusal of these routes (the server's `message`), or undefined for the usual ones. */
export function refusalText(t: OperatorsTexts, err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const message = err.body?.message;
  if (message === 'own_account') return t.ownAccount;
  if (message === 'last_admin') return t.lastAdmin;
  if (message === 'email_taken') return t.emailTaken;
  return undefined;
}

/** The time as the console shows it: 2026-05-01 14:03 UTC (one clock for the whole team). */
export function utcTime(iso: string, seconds = false): string {
  const text = new Date(iso).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, seconds ? 19 : 16)} UTC`;
}
