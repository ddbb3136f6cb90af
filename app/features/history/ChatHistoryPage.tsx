import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTitle } from '#app/platform/use-title.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
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
    body = <LoadState kind="loading" label={t('chat_history.loading')} rows={{ count: 3, height: 76 }} />;
  } else if (history.isError && !history.data) {
    body = (
      <LoadState
        kind="error"
        text={t('chat_history.failed')}
        retry={{ label: t('chat_history.retry'), onClick: () => void history.refetch() }}
      />
    );
  } else if (list.length === 0) {
    body = (
      <LoadState
        kind="empty"
        prompt
        text={t('chat_history.empty')}
        action={{ label: t('chat_history.browse'), to: '/' }}
        sx={{ py: 3, textAlign: 'center' }}
      />
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
