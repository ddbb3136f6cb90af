import { type PendingCode, SMS_CODE_ATTEMPTS, SMS_RESEND_SECONDS } from '#common/api/free-coins.ts';
import type { SmsVerificationRow } from './data.ts';

/** A code on its way, as the page shows it: the number's last digits, never the number or code. */
export function presentPending(row: SmsVerificationRow): PendingCode {
  return {
    hint: row.phoneHint,
    expires_at: row.expiresAt.toISOString(),
    resend_at: new Date(row.createdAt.getTime() + SMS_RESEND_SECONDS * 1000).toISOString(),
    attempts_left: Math.max(0, SMS_CODE_ATTEMPTS - row.attempts),
  };
}

/** A code that can still be entered: not expired and not out of attempts. */
export const isLive = (row: SmsVerificationRow, now: Date) =>
  row.expiresAt.getTime() > now.getTime() && row.attempts < SMS_CODE_ATTEMPTS;
