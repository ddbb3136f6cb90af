/**
 * When a performer may start an identity check (decision 059). Every start opens a session at the
 * ID provider, which is paid for and, when it keeps failing, says something about the person: she
 * may try again after a failure, but only so often, and a moderator decides what happens after.
 */

/** Identity checks one application may start, the first included. */
export const ID_CHECK_MAX_ATTEMPTS = 3;
/**
 * A check started and left without a word from the provider (the tab closed before the first
 * page) may be started anew after this long: the provider's link has run out meanwhile (the
 * sandbox's after an hour), and nothing else would ever release her.
 */
export const ID_CHECK_IDLE_RESTART_MS = 3_600_000;

export type IdCheckStateName = 'none' | 'started' | 'pending' | 'passed' | 'failed';

/** Why a start is refused: a check under way or passed, or every attempt used. */
export type IdCheckStartRefusal = 'in_progress' | 'attempts_used';

export function idCheckStartRefusal(
  check: { state: IdCheckStateName; updatedAt: Date | null; attempts: number },
  now: Date,
): IdCheckStartRefusal | null {
  const idle =
    check.state === 'started' &&
    check.updatedAt !== null &&
    now.getTime() - check.updatedAt.getTime() >= ID_CHECK_IDLE_RESTART_MS;
  if (check.state !== 'none' && check.state !== 'failed' && !idle) return 'in_progress';
  if (check.attempts >= ID_CHECK_MAX_ATTEMPTS) return 'attempts_used';
  return null;
}

/** Attempts she has left (never below none). */
export const idCheckAttemptsLeft = (attempts: number) => Math.max(0, ID_CHECK_MAX_ATTEMPTS - attempts);
