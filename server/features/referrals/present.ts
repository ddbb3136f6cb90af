import type { ConsoleReferralCode } from '#common/api/admin-referrals.ts';
import type { StudioReferralCode } from '#common/api/referrals.ts';
import { codeState } from '#common/domain/referral-codes.ts';
import type { ConsoleCodeRow, ReferralCodeWithFigures } from './data.ts';

/** A code with its figures as the studio shows it to her. */
export function presentStudioCode(c: ReferralCodeWithFigures, now: Date): StudioReferralCode {
  return {
    code: c.row.code,
    state: codeState(c.row, now),
    uses: c.row.uses,
    signUps: c.signUps,
    firstPurchases: c.firstPurchases,
    firstPurchaseCoins: c.firstPurchaseCoins,
    createdAt: c.row.createdAt.toISOString(),
    retiredAt: c.row.retiredAt?.toISOString() ?? null,
  };
}

/** A code with its show, issuer and figures as the console lists it. */
export function presentConsoleCode(c: ConsoleCodeRow, now: Date): ConsoleReferralCode {
  return {
    ...presentStudioCode(c, now),
    issuer: c.row.issuer,
    showId: c.row.showId,
    universalId: c.universalId,
    showName: c.showName,
    operatorName: c.row.issuer === 'platform' ? c.operatorName : null,
  };
}
