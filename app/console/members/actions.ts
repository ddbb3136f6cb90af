import type {
  BlockAnswer,
  CloseAnswer,
  CorrectionAnswer,
  CorrectionBody,
  MemberCloseBody,
  MemberReasonBody,
  RefundAnswer,
} from '#common/api/admin-members.ts';
import { CORRECTION_MAX } from '#common/api/admin-members.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { count } from './format.ts';
import { MEMBERS_KEY } from './queries.ts';
import { membersTexts } from './texts.ts';

/** The actions of a member's page; each reads the member screens again and says what it did. */

const invalidates = [[...MEMBERS_KEY]];

export function useBlockAction(id: number, kind: 'block' | 'unblock', onDone: () => void) {
  const t = useTexts(membersTexts);
  return useConsoleAction<MemberReasonBody, BlockAnswer>({
    method: 'POST',
    path: () => `members/${id}/${kind}`,
    body: (vars) => vars,
    invalidates,
    done: (r) => {
      if (r.outcome === 'repeat') return t.repeated;
      if (r.outcome === 'unchanged') return kind === 'block' ? t.notActive : t.notBlocked;
      return kind === 'block' ? t.blocked(r.sessionsEnded) : t.unblocked;
    },
    onDone,
  });
}

export function useCloseAction(id: number, onDone: () => void) {
  const t = useTexts(membersTexts);
  const { locale } = useLocale();
  return useConsoleAction<MemberCloseBody, CloseAnswer>({
    method: 'POST',
    path: () => `members/${id}/close`,
    body: (vars) => vars,
    invalidates,
    done: (r) => {
      if (r.outcome === 'repeat') return t.repeated;
      if (r.outcome === 'unchanged' || !r.erasesAt) return t.notOpen;
      return t.closed(new Date(r.erasesAt).toLocaleDateString(locale === 'de' ? 'de-DE' : 'en-GB'), r.sessionsEnded);
    },
    onDone,
  });
}

export function useCorrectionAction(id: number, onDone: () => void) {
  const t = useTexts(membersTexts);
  const { locale } = useLocale();
  return useConsoleAction<CorrectionBody, CorrectionAnswer>({
    method: 'POST',
    path: () => `members/${id}/correction`,
    body: (vars) => vars,
    invalidates,
    done: (r) => (r.outcome === 'repeat' ? t.repeated : t.corrected(count(locale, r.balance))),
    onDone,
  });
}

export function useRefundAction(id: number, onDone: () => void) {
  const t = useTexts(membersTexts);
  return useConsoleAction<MemberReasonBody & { orderId: number }, RefundAnswer>({
    method: 'POST',
    path: (vars) => `members/${id}/orders/${vars.orderId}/refund`,
    body: ({ reason }) => ({ reason }),
    invalidates,
    done: (r) => {
      if (r.outcome === 'repeat') return t.repeated;
      if (r.outcome === 'unchanged') return t.refundRequested(r.orderId);
      const said = {
        delivered: t.refundDelivered,
        queued: t.refundQueued,
        manual: t.refundManual,
        refused: t.refundRefused,
        pending: t.refundQueued,
      }[r.refund];
      return said(r.orderId);
    },
    onDone,
  });
}

export const correctionMax = (locale: 'en' | 'de') => count(locale, CORRECTION_MAX);
