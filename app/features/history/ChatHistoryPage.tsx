import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTitle } from '#app/platform/use-title.ts';
import { SectionCard } from '#app/ui/SectionCard.tsx';
import { useChatHistory } from './api.ts';
import { ChatHistoryItem } from './ChatHistoryItem.tsx';

/** /users/profile/chats: the member's chat sessions, newest first. */
export function ChatHistoryPage() {
  const { t } = useTranslation();
  useTitle('chat_history.title');
  const history = useChatHistory();
  const list = history.data?.list ?? [];

  let body: React.ReactNode;
  if (history.isPending) {
    body = (
      <Stack spacing={1} role="status" aria-busy aria-label={t('chat_history.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={76} />
        ))}
      </Stack>
    );
  } else if (history.isError && !history.data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            {t('chat_history.retry')}
          </Button>
        }
      >
        {t('chat_history.failed')}
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <Box sx={{ py: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{t('chat_history.empty')}</Typography>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('chat_history.browse')}
        </Button>
      </Box>
    );
  } else {
    body = (
      <Stack
        component="ul"
        spacing={1}
        aria-label={t('chat_history.list_label')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {list.map((entry) => (
          <ChatHistoryItem key={entry.id} entry={entry} />
        ))}
      </Stack>
    );
  }

  return (
    <SectionCard id="chat-history" title={t('chat_history.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('chat_history.intro')}
      </Typography>
      {body}
    </SectionCard>
  );
}
