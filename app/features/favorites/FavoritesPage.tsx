import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PushOptIn } from '#app/features/push/PushOptIn.tsx';
import { useTitle } from '#app/platform/use-title.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import { SectionCard } from '#app/ui/SectionCard.tsx';
import { useFavorites } from './api.ts';
import { FavoriteListItem } from './FavoriteListItem.tsx';
import { onlineFirst } from './FavoritesMenuList.tsx';
import { NotificationWindowDialog } from './NotificationWindowDialog.tsx';

/** /users/profile/favorites: the member's favorites, online first, with remove and the notification window. */
export function FavoritesPage() {
  const { t } = useTranslation();
  useTitle('favorites.page.title');
  const favorites = useFavorites(true);
  const [windowFor, setWindowFor] = useState<string | null>(null);
  const list = favorites.data ? onlineFirst(favorites.data.data) : [];
  const editing = list.find((f) => f.universalId === windowFor);

  let body: React.ReactNode;
  if (favorites.isPending) {
    body = <LoadState kind="loading" label={t('navbar.favorites.loading')} rows={{ count: 3, height: 72 }} />;
  } else if (favorites.isError && !favorites.data) {
    body = (
      <LoadState
        kind="error"
        text={t('favorites.page.failed')}
        retry={{ label: t('favorites.page.retry'), onClick: () => void favorites.refetch() }}
      />
    );
  } else if (list.length === 0) {
    body = (
      <LoadState
        kind="empty"
        prompt
        text={t('favorites.page.empty')}
        action={{ label: t('favorites.page.browse'), to: '/' }}
        sx={{ py: 3, textAlign: 'center' }}
      />
    );
  } else {
    body = (
      <Stack
        component="ul"
        spacing={1}
        aria-label={t('favorites.page.list_label')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {list.map((f) => (
          <FavoriteListItem key={f.universalId} favorite={f} onWindow={() => setWindowFor(f.universalId)} />
        ))}
      </Stack>
    );
  }

  return (
    <SectionCard id="favorites" title={t('favorites.page.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('favorites.page.intro')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <PushOptIn />
      </Box>
      {body}
      {editing && (
        <NotificationWindowDialog key={editing.universalId} favorite={editing} onClose={() => setWindowFor(null)} />
      )}
    </SectionCard>
  );
}
