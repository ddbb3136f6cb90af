import { REASON_TOO_SHORT, RECORD_ERRORS } from '#common/api/admin-performers.ts';
import type { DocumentKind, IdCheckReason } from '#common/api/onboarding.ts';
import type { PerformerTexts } from './texts.ts';

/** How long an application has waited: minutes, then hours, then days and hours. */
export function waitingFor(t: PerformerTexts, since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  if (hours < 1) return t.minutes(minutes);
  return hours < 24 ? t.hours(hours) : t.days(Math.floor(hours / 24), hours % 24);
}

/** The identity check's state in words, with the provider's reason of a failure. */
export function checkText(t: PerformerTexts, check: { state: string; reason: IdCheckReason | null }): string {
  switch (check.state) {
    case 'failed':
      return t.check_failed(t[`reason_${check.reason ?? 'unknown'}`]);
    case 'started':
      return t.check_started;
    case 'pending':
      return t.check_pending;
    case 'passed':
      return t.check_passed;
    default:
      return t.check_none;
  }
}

export const documentLabel = (t: PerformerTexts, kind: DocumentKind) => t[`doc_${kind}`];

/** The words for a field refused by the 2257 record's or the reason's rules (others: the console's own). */
export function decisionFieldText(t: PerformerTexts, key: string | undefined): string | undefined {
  switch (key) {
    case RECORD_ERRORS.legalName:
      return t.err_legalName;
    case RECORD_ERRORS.dateOfBirth:
      return t.err_dateOfBirth;
    case RECORD_ERRORS.underage:
      return t.err_underage;
    case RECORD_ERRORS.idType:
      return t.err_idType;
    case RECORD_ERRORS.idNumber:
      return t.err_idNumber;
    case RECORD_ERRORS.checkedOn:
      return t.err_checkedOn;
    case REASON_TOO_SHORT:
      return t.err_reason;
    default:
      return undefined;
  }
}

/** A moment as the console writes it: day and time in UTC. */
export const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
