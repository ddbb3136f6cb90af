import {
  AGE_CHECK_FAILURES,
  AGE_CHECK_STATES,
  AGE_CHECK_TARGETS,
  type AgeCheck,
  type AgeCheckFailure,
  type AgeCheckState,
  type AgeCheckTarget,
} from '#common/api/avs.ts';
import type { AgeCheckRow } from './data.ts';

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** A check as the page sees it: its state and, for a failure, the reason; nothing about the provider. */
export function presentCheck(row: AgeCheckRow): AgeCheck {
  return {
    id: row.id,
    state: oneOf<AgeCheckState>(AGE_CHECK_STATES, row.state) ?? 'pending',
    failure: oneOf<AgeCheckFailure>(AGE_CHECK_FAILURES, row.failureCode),
    target: oneOf<AgeCheckTarget>(AGE_CHECK_TARGETS, row.target),
  };
}
