import { queryOptions } from '@tanstack/react-query';
import type { ConsoleReferrals } from '#common/api/admin-referrals.ts';
import { consoleApi } from '../api.ts';
import type { ReferralTexts } from './texts.ts';

/** Every code; read again after an action here (the key starts with the screen's capability). */
export const referralsQuery = queryOptions({
  queryKey: ['console', 'payouts', 'referrals'],
  queryFn: ({ signal }) => consoleApi<ConsoleReferrals>('GET', 'referrals', undefined, { signal }),
});

/** This screen's words for a field error key the server answered (the console's own words otherwise). */
export function referralFieldText(t: ReferralTexts, key: string | undefined): string | null {
  const own: Record<string, string> = {
    'errors.referral.code_length': t.codeLength,
    'errors.referral.code_characters': t.codeCharacters,
    'errors.referral.code_taken': t.codeTaken,
    'errors.console.referrals.show': t.showUnknown,
  };
  return key ? (own[key] ?? null) : null;
}
