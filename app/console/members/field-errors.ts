import { AMOUNT_RANGE, CORRECTION_MAX, NO_COINS } from '#common/api/admin-members.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { count } from './format.ts';
import { membersTexts } from './texts.ts';

/** The words for the field errors of a refused action (a 422), this screen's own keys first. */
export function useFieldErrors(error: unknown): Record<string, string> {
  const t = useTexts(membersTexts);
  const { locale } = useLocale();
  const { field } = useErrorText();
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const out: Record<string, string> = {};
  for (const [name, key] of Object.entries(error.fieldErrors())) {
    if (key === NO_COINS) out[name] = t.noCoins;
    else if (key === AMOUNT_RANGE) out[name] = t.amountInvalid(count(locale, CORRECTION_MAX));
    else out[name] = field(key) ?? '';
  }
  return out;
}
