import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { useUser } from '#app/features/session/api.ts';
import { onlineCount, useFavorites } from './api.ts';

/**
 * An icon with the badge of how many favorites are online (the phones' bottom navigation; the same
 * polled list as the top bar's favorites menu).
 */
export function FavoritesBadge({ children }: { children: ReactNode }) {
  const member = Boolean(useUser());
  const online = onlineCount(useFavorites(member).data);
  return (
    <Badge badgeContent={online} color="secondary" max={99}>
      {children}
    </Badge>
  );
}
