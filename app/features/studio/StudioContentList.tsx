import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { ContentItem } from '#common/api/uploads.ts';
import { studioContentQuery } from './content-api.ts';
import { StudioContentEdit } from './StudioContentEdit.tsx';

const STATUS_COLOR = { pending: 'warning', published: 'success', rejected: 'error', removed: 'default' } as const;

function Item({ item }: { item: ContentItem }) {
  const { t, i18n } = useTranslation();
  const title = i18n.language === 'de' ? item.titleDe : item.titleEn;
  const [editing, setEditing] = useState(false);
  const editable = item.status !== 'removed' && item.processing === 'done';
  return (
    <ListItem divider sx={{ display: 'block' }} data-testid={`content-${item.kind}-${item.id}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`studio.content.kind_${item.kind}`)} />
        <Chip size="small" color={STATUS_COLOR[item.status]} label={t(`studio.content.status_${item.status}`)} />
        {item.editPending && <Chip size="small" color="info" label={t('studio.content.edit_pending')} />}
        {editable && (
          <Button size="small" onClick={() => setEditing(true)} aria-label={`${t('studio.content.edit')}: ${title}`}>
            {t('studio.content.edit')}
          </Button>
        )}
      </Box>
      {editing && <StudioContentEdit item={item} onClose={() => setEditing(false)} />}
      <Typography variant="body2" color="text.secondary">
        {item.kind === 'video'
          ? t('studio.content.seconds', { count: item.duration })
          : t('studio.content.pictures', { count: item.pictures })}
      </Typography>
      {item.reason && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('studio.content.reason', { reason: item.reason })}
        </Alert>
      )}
      {(item.processing === 'queued' || item.processing === 'running') && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" role="status">
            {item.processing === 'queued'
              ? t('studio.content.processing_queued')
              : t('studio.content.processing_running', { progress: item.progress })}
          </Typography>
          <LinearProgress
            variant={item.processing === 'queued' ? 'indeterminate' : 'determinate'}
            value={item.progress}
            aria-label={t('studio.content.processing_running', { progress: item.progress })}
          />
        </Box>
      )}
      {item.processing === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('studio.content.processing_failed', { error: item.error ?? '' })}
        </Alert>
      )}
    </ListItem>
  );
}

/** Her videos and galleries, the newest first, with status, reason and processing. */
export function StudioContentList() {
  const { t } = useTranslation();
  const content = useQuery(studioContentQuery);
  if (content.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (content.isError) return <LoadState kind="error" text={t('errors.unknown_error')} />;
  if (content.data.data.length === 0) return <Typography>{t('studio.content.empty')}</Typography>;
  return (
    <List aria-label={t('studio.content.list')}>
      {content.data.data.map((item) => (
        <Item key={`${item.kind}-${item.id}`} item={item} />
      ))}
    </List>
  );
}
