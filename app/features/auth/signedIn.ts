import { useQueryClient } from '@tanstack/react-query';
import { useIncentiveStore } from '#app/features/promos/store.ts';
import { sessionQuery, useSetUser } from '#app/features/session/api.ts';
import { announceSignedIn } from '#app/features/session/fetch-user.ts';
import { i18n, setLocale } from '#app/i18n.ts';
import { applyLayout } from '#app/platform/layout.ts';
import { useShellStore } from '#app/platform/store.ts';
import { isThemeName } from '#app/theme/themes.ts';
import type { User } from '#common/api/auth.ts';
import { INCENTIVE_DISABLED } from '#common/constants.ts';

/**
 * What every way of logging in does with the user the server answers: the user into the
 * session cache, the sign-up incentive off, and the member's saved language and layout applied.
 * The session is read again: signing in started a new one, which may carry the welcome gift.
 * The site's other windows and tabs are told (`fetchUser`), so they show the login too.
 */
export function useApplySignedIn() {
  const setUser = useSetUser();
  const client = useQueryClient();
  return (user: User) => {
    setUser(user);
    // A failed read only leaves the cached session as it was (the user is set already).
    client.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => undefined);
    announceSignedIn();
    useIncentiveStore.getState().setIncentiveTsp(INCENTIVE_DISABLED);
    if (i18n.language !== user.locale) void setLocale(user.locale);
    if (isThemeName(user.theme) && useShellStore.getState().layout !== user.theme) applyLayout(user.theme);
  };
}
