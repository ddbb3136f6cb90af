import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { useUser } from '#app/features/session/api.ts';
import { useMessageCount } from './api.ts';

/** An icon with the badge of unread messages (`all` of GET conversations/count, polled every 60 s). */
export function MessagesBadge({ children }: { children: ReactNode }) {
  const member = Boolean(useUser());
  const unread = useMessageCount(member).data?.all ?? 0;
  return (
    <Badge badgeContent={unread} color="secondary" max={99}>
      {children}
    </Badge>
  );
}
