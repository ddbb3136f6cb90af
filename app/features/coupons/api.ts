import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '#app/features/auth/useDebouncedValue.ts';
import { useSetUser } from '#app/features/session/api.ts';
import { api } from '#app/http.ts';
import type {
  CouponsResponse,
  RedeemBody,
  RedeemResponse,
  RegisterCouponBody,
  RegisterCouponResponse,
} from '#common/api/coupons.ts';
import { VOUCHER_DEBOUNCE_MS, VOUCHER_MIN_CHARS } from '#common/constants.ts';
import { isValid } from '#common/domain/coupons.ts';

/** Coupons are cached 5 minutes (spec part 2, "Caches"). */
export const COUPONS_STALE_MS = 300_000;

export const couponsQuery = queryOptions({
  queryKey: ['coupons'] as const,
  queryFn: ({ signal }) => api<CouponsResponse>('GET', 'coupons', undefined, { signal }),
  staleTime: COUPONS_STALE_MS,
});

/** The member's coupons; `enabled` is false for visitors (and unverified members). */
export const useCoupons = (enabled = true) => useQuery({ ...couponsQuery, enabled });

/** How many coupons the member can still use: the badge on the side menu's billing item. */
export function useActiveCouponCount(enabled: boolean): number {
  const { data } = useCoupons(enabled);
  if (!enabled || !data) return 0;
  const now = Date.now();
  return data.data.filter((c) => isValid(c, now)).length;
}

/** POST /coupons/redeem: the answer carries the member with the new balance and refreshes the list. */
export function useRedeemCoupon() {
  const client = useQueryClient();
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (body: RedeemBody) => api<RedeemResponse>('POST', 'coupons/redeem', body),
    onSuccess: ({ user }) => {
      setUser(user);
      void client.invalidateQueries({ queryKey: couponsQuery.queryKey });
    },
  });
}

export type VoucherState = 'unchecked' | 'checking' | 'valid' | 'invalid';

/**
 * The sign-up form's voucher check: nothing below VOUCHER_MIN_CHARS characters; otherwise asked
 * once typing has paused for VOUCHER_DEBOUNCE_MS. A failed check (e.g. too many) stays unchecked:
 * the server decides again when the account is activated.
 */
export function useVoucherCheck(email: string, code: string): VoucherState {
  const typed = code.trim();
  const settled = useDebouncedValue(typed, VOUCHER_DEBOUNCE_MS);
  const enabled = settled.length >= VOUCHER_MIN_CHARS;
  const check = useQuery({
    queryKey: ['voucher', settled.toUpperCase()],
    queryFn: ({ signal }) => {
      const body: RegisterCouponBody = { code: settled, ...(email.trim() ? { email: email.trim() } : {}) };
      return api<RegisterCouponResponse>('POST', 'register/coupon', body, { signal });
    },
    enabled,
    staleTime: 60_000,
  });
  if (typed.length < VOUCHER_MIN_CHARS) return 'unchecked';
  if (typed !== settled || check.isFetching) return 'checking';
  if (check.data) return check.data.valid ? 'valid' : 'invalid';
  return 'unchecked';
}
