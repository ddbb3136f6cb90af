import MailIcon from '@mui/icons-material/Mail';
import IconButton from '@mui/material/IconButton';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import { lazyPart } from '#app/lazy-page.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';
import { useMessageCount } from './api.ts';
import { MessagesBadge } from './MessagesBadge.tsx';

// The lists load on first open, so the top bar stays light.
const MessagesMenuList = lazyPart(() => import('./MessagesMenuList.tsx').then((m) => m.MessagesMenuList));

/** Top-bar messages menu (members): the unread count as its badge; the menu lists unread and latest conversations. */
export function MessagesMenu() {
  const { t } = useTranslation();
  const member = Boolean(useUser());
  const count = useMessageCount(member);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(Boolean(anchor));
  if (!member) return null;
  const unread = count.data?.all ?? 0;
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('messages.menu.label', { count: unread })}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'messages-menu' : undefined}
        // Phones carry the messages (with this badge) in the bottom navigation.
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      >
        <MessagesBadge>
          <MailIcon />
        </MessagesBadge>
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <MessagesMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
