import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePublicConfig, useSessionState } from '#app/features/session/api.ts';
import { HASH } from '#app/platform/hash-dialogs.ts';

/**
 * With AGE_CHECK_GATES=media every explicit medium needs a passed age check: `blocked` until the
 * session has one, and `checkPath` starts it and comes back to this page.
 */
export function useMediaAgeGate() {
  const { session } = useSessionState();
  const { age_check_gates } = usePublicConfig();
  const { pathname, search } = useLocation();
  return {
    blocked: age_check_gates === 'media' && !session.agechecked,
    checkPath: `/avs?${new URLSearchParams({ kjm: '1', target: `${pathname}${search}` }).toString()}`,
  };
}

/**
 * Who may open the buy dialog: a member opens it (after the age check where media need one), a
 * visitor is sent to sign in first (the #sign-in dialog over the same page).
 */
export function usePurchaseDialog() {
  const { user } = useSessionState();
  const gate = useMediaAgeGate();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const start = () => {
    if (!user) void navigate({ pathname: location.pathname, search: location.search, hash: HASH.signIn });
    else if (gate.blocked) void navigate(gate.checkPath);
    else setOpen(true);
  };
  return { open, start, close: () => setOpen(false), balance: user?.coins ?? 0, member: user !== null };
}
