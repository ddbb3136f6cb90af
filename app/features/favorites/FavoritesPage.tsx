import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTitle } from '#app/platform/use-title.ts';
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
    body = (
      <Stack spacing={1} role="status" aria-busy aria-label={t('navbar.favorites.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={72} />
        ))}
      </Stack>
    );
  } else if (favorites.isError && !favorites.data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void favorites.refetch()}>
            {t('favorites.page.retry')}
          </Button>
        }
      >
        {t('favorites.page.failed')}
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <Box sx={{ py: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{t('favorites.page.empty')}</Typography>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('favorites.page.browse')}
        </Button>
      </Box>
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
      {body}
      {editing && (
        <NotificationWindowDialog key={editing.universalId} favorite={editing} onClose={() => setWindowFor(null)} />
      )}
    </SectionCard>
  );
}
