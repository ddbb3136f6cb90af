import { describe, expect, it } from 'vitest';
import {
  ID_CHECK_IDLE_RESTART_MS,
  ID_CHECK_MAX_ATTEMPTS,
  idCheckAttemptsLeft,
  idCheckStartRefusal,
} from './id-check-attempts.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('when an identity check may start', () => {
  it('starts the first check, and again after a failure while attempts are left', () => {
    expect(idCheckStartRefusal({ state: 'none', updatedAt: null, attempts: 0 }, NOW)).toBeNull();
    expect(idCheckStartRefusal({ state: 'failed', updatedAt: ago(1000), attempts: 1 }, NOW)).toBeNull();
    expect(
      idCheckStartRefusal({ state: 'failed', updatedAt: ago(1000), attempts: ID_CHECK_MAX_ATTEMPTS - 1 }, NOW),
    ).toBeNull();
  });

  it('refuses once every attempt is used', () => {
    expect(idCheckStartRefusal({ state: 'failed', updatedAt: ago(1000), attempts: ID_CHECK_MAX_ATTEMPTS }, NOW)).toBe(
      'attempts_used',
    );
    expect(idCheckAttemptsLeft(ID_CHECK_MAX_ATTEMPTS + 2)).toBe(0);
    expect(idCheckAttemptsLeft(1)).toBe(ID_CHECK_MAX_ATTEMPTS - 1);
  });

  it('refuses while a check is under way or passed; a started check left idle for an hour may start anew', () => {
    for (const state of ['pending', 'passed'] as const) {
      expect(idCheckStartRefusal({ state, updatedAt: ago(ID_CHECK_IDLE_RESTART_MS * 10), attempts: 1 }, NOW)).toBe(
        'in_progress',
      );
    }
    expect(
      idCheckStartRefusal({ state: 'started', updatedAt: ago(ID_CHECK_IDLE_RESTART_MS - 1), attempts: 1 }, NOW),
    ).toBe('in_progress');
    expect(
      idCheckStartRefusal({ state: 'started', updatedAt: ago(ID_CHECK_IDLE_RESTART_MS), attempts: 1 }, NOW),
    ).toBeNull();
    expect(
      idCheckStartRefusal(
        { state: 'started', updatedAt: ago(ID_CHECK_IDLE_RESTART_MS), attempts: ID_CHECK_MAX_ATTEMPTS },
        NOW,
      ),
    ).toBe('attempts_used');
  });
});
