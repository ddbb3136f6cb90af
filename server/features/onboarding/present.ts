import { ID_CHECK_REASONS, type IdCheckReason, type StudioApplication } from '#common/api/onboarding.ts';
import { idCheckAttemptsLeft, idCheckStartRefusal } from '#common/domain/id-check-attempts.ts';
import type { PerformerRow } from '#server/features/studio/data.ts';
import type { ApplicationRow } from './data.ts';

const reasonOf = (code: string | null): IdCheckReason | null =>
  (ID_CHECK_REASONS as readonly string[]).includes(code ?? '') ? (code as IdCheckReason) : null;

/** Her application as her studio shows it: states and what is missing, never keys or references. */
export function presentApplication(
  performer: PerformerRow,
  a: ApplicationRow,
  attempts: number,
  now = new Date(),
): StudioApplication {
  // A disabled or closed account never reaches her studio; should it, it reads as turned down.
  const status = performer.status === 'disabled' || performer.status === 'closed' ? 'rejected' : performer.status;
  const check = { state: a.idCheckState, updatedAt: a.idCheckUpdatedAt, attempts };
  const mayStart = status === 'pending' && !a.decidedAt && idCheckStartRefusal(check, now) === null;
  const missing: StudioApplication['application']['missing'] = [];
  if (!a.emailConfirmedAt) missing.push('email');
  if (!a.idFrontKey) missing.push('id_front');
  if (!a.selfieKey) missing.push('selfie');
  if (a.idCheckState === 'none' || a.idCheckState === 'failed') missing.push('id_check');
  return {
    performer: { id: performer.id, email: performer.email, status },
    application: {
      showName: a.showName,
      emailConfirmed: a.emailConfirmedAt !== null,
      documents: { id_front: a.idFrontKey !== null, id_back: a.idBackKey !== null, selfie: a.selfieKey !== null },
      idCheck: {
        state: a.idCheckState,
        reason: reasonOf(a.idCheckReason),
        attemptsLeft: idCheckAttemptsLeft(attempts),
        mayStart,
      },
      submitted: a.submittedAt !== null,
      rejectionReason: performer.status === 'rejected' ? a.rejectionReason : null,
      missing: status === 'pending' ? missing : [],
    },
  };
}
