import type { z } from 'zod';
import type { resetSecondFactorAnswer } from '#common/api/second-factor.ts';
import { useTexts } from '../locale.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { MEMBERS_KEY } from './queries.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { secondFactorTexts } from './second-factor-texts.ts';

/**
 * Resetting a member's second factor (support, after checking who asks): a reason for the audit
 * log, then her app and recovery codes are gone and her password alone signs her in again.
 */
export function SecondFactorResetDialog(props: { memberId: number; onClose: () => void }) {
  const t = useTexts(secondFactorTexts);
  const action = useConsoleAction<{ reason: string }, z.infer<typeof resetSecondFactorAnswer>>({
    method: 'POST',
    path: () => `members/${props.memberId}/second-factor/reset`,
    body: (vars) => vars,
    invalidates: [[...MEMBERS_KEY]],
    done: (r) => (r.outcome === 'unchanged' ? t.resetNone : r.outcome === 'repeat' ? t.resetRepeated : t.resetDone),
    onDone: props.onClose,
  });
  return (
    <ReasonDialog
      open
      danger
      title={t.resetTitle}
      hint={t.resetHint}
      submit={t.resetSubmit}
      pending={action.isPending}
      error={action.error}
      onSend={(reason) => action.mutate({ reason })}
      onClose={props.onClose}
    />
  );
}
