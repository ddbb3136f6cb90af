import {
  type ApplicationQueueRow,
  PERFORMER_ACCOUNT_STATES,
  type PerformerApplication,
  type PerformerRecord,
} from '#common/api/admin-performers.ts';
import { DOCUMENT_KINDS, ID_CHECK_REASONS, type IdCheckReason } from '#common/api/onboarding.ts';
import { may } from '#common/domain/console-policy.ts';
import { ID_CHECK_MAX_ATTEMPTS } from '#common/domain/id-check-attempts.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import type { ApplicationDetail, ApplicationRow, QueueEntry, RecordRow } from './data.ts';
import type { AttemptRow } from './id-check.ts';

/** The console's view of applications: states and facts, never storage keys or provider references. */

const reasonOf = (code: string | null): IdCheckReason | null =>
  (ID_CHECK_REASONS as readonly string[]).includes(code ?? '') ? (code as IdCheckReason) : null;

/**
 * Who may open an application's identity pictures: while it is undecided, whoever decides it
 * (performers); once approved or rejected they are 2257-grade data, for the records capability only.
 */
export const documentsOpenTo = (roles: readonly OperatorRole[], application: { decidedAt: Date | null }) =>
  may(roles, application.decidedAt ? 'records' : 'performers');

/** The storage key of one of her pictures, or null when she has not uploaded it. */
export const documentKey = (a: ApplicationRow, kind: (typeof DOCUMENT_KINDS)[number]) =>
  kind === 'id_front' ? a.idFrontKey : kind === 'id_back' ? a.idBackKey : a.selfieKey;

export const presentQueueEntry = (r: QueueEntry): ApplicationQueueRow => ({
  id: r.performerId,
  showName: r.showName,
  email: r.email,
  idCheck: { state: r.idCheckState, reason: reasonOf(r.idCheckReason) },
  emailConfirmed: r.emailConfirmed,
  submittedAt: r.submittedAt.toISOString(),
});

export function presentApplication(
  detail: ApplicationDetail,
  opts: { roles: readonly OperatorRole[]; providerNow: string | null; custodian: string; attempts: AttemptRow[] },
): PerformerApplication {
  const a = detail.application;
  const open = detail.status === 'pending' && !a.decidedAt;
  const showDocuments = documentsOpenTo(opts.roles, a);
  const status = (PERFORMER_ACCOUNT_STATES as readonly string[]).includes(detail.status) ? detail.status : 'pending';
  return {
    id: a.performerId,
    showName: a.showName,
    email: detail.email,
    status: status as PerformerApplication['status'],
    languages: a.languages,
    categories: detail.categoryNames,
    emailConfirmed: a.emailConfirmedAt !== null,
    submittedAt: a.submittedAt?.toISOString() ?? null,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    rejectionReason: detail.status === 'rejected' ? a.rejectionReason : null,
    idCheck: { state: a.idCheckState, reason: reasonOf(a.idCheckReason), providerNow: opts.providerNow },
    attempts: opts.attempts.map((t) => ({
      provider: t.provider,
      state: t.state,
      reason: reasonOf(t.reason),
      startedAt: t.startedAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    })),
    maxAttempts: ID_CHECK_MAX_ATTEMPTS,
    documents: DOCUMENT_KINDS.map((kind) => ({
      kind,
      state: !documentKey(a, kind) ? 'missing' : showDocuments ? 'shown' : 'records_only',
    })),
    open,
    approvable: open && a.idCheckState === 'passed' && a.emailConfirmedAt !== null,
    custodian: opts.custodian,
  };
}

export const presentRecord = (showName: string, r: RecordRow | null): PerformerRecord => ({
  showName,
  record: r && {
    legalName: r.legalName,
    dateOfBirth: r.dateOfBirth,
    idType: r.idType,
    idNumber: r.idNumber,
    checkedOn: r.checkedOn,
    custodian: r.custodian,
    recordedBy: r.recordedBy,
    recordedAt: r.createdAt.toISOString(),
  },
});
