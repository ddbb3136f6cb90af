import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Link as RouterLink,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
  useSearchParams,
} from 'react-router';
import type { Conversation } from '#common/api/messages.ts';
import { conversationQuery, conversationWithQuery } from './api.ts';
import { ConversationPane } from './ConversationPane.tsx';
import type { MessagesOutlet } from './MessagesPage.tsx';
import { MESSAGES_PAGE } from './paths.ts';
import { CONVERSATIONS_KEY } from './query-key.ts';
import { PaneState, ShowConversation } from './ShowConversation.tsx';

/** Back to the list (phones only: wide screens show it beside). */
function useBack() {
  const { phone } = useOutletContext<MessagesOutlet>();
  const navigate = useNavigate();
  const toList = () => void navigate(MESSAGES_PAGE);
  return { onBack: phone ? toList : undefined, toList };
}

function Nothing({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 3, textAlign: 'center' }} role="status">
      <Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t(text)}
        </Typography>
        <Button component={RouterLink} to={MESSAGES_PAGE} variant="outlined">
          {t('messages.page.to_list')}
        </Button>
      </Box>
    </Box>
  );
}

/** /messages: nothing chosen yet (wide screens), or ?show=X, a show's conversation to write in. */
export function MessagesIndexPane() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { onBack, toList } = useBack();
  const showid = search.get('show');
  if (showid) {
    return (
      <ShowConversation
        key={showid}
        showid={showid}
        onBack={onBack}
        onGone={toList}
        // The conversation now has its page; the input keeps the focus there.
        onCreated={(c) => void navigate(`${MESSAGES_PAGE}/${c.id}`, { replace: true, state: { focusInput: true } })}
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 3 }}>
      <Typography color="text.secondary">{t('messages.page.choose')}</Typography>
    </Box>
  );
}

/** /messages/:id: the conversation, found in the lists. */
export function ConversationIdPane() {
  const { id = '' } = useParams();
  const focusInput = Boolean((useLocation().state as { focusInput?: boolean } | null)?.focusInput);
  const client = useQueryClient();
  const { onBack, toList } = useBack();
  const valid = /^\d{1,9}$/.test(id) && Number(id) > 0;
  const query = useQuery({ ...conversationQuery(client, Number(id)), enabled: valid });
  if (!valid) return <Nothing text="messages.page.not_found" />;
  if (!query.data) return <PaneState failed={query.isError} onRetry={() => void query.refetch()} />;
  if (!query.data.data) return <Nothing text="messages.page.not_found" />;
  const refresh = () => void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  return (
    <ConversationPane
      key={query.data.data.id}
      conversation={query.data.data}
      onBack={onBack}
      onGone={toList}
      onPriceChanged={refresh}
      focusInput={focusInput}
    />
  );
}

const emptySupport = (): Conversation => ({
  id: 0,
  kind: 'support',
  showid: null,
  masterreferenceid: 'support',
  messageid: null,
  showprofile: { showname: 'Support', online: false, preview: null, messageprice: 0 },
  block: { memberstatus: 0, blocked_by_show: false },
  messagedate: null,
  messagebody: null,
  memberpseudo: null,
  pseudoid: null,
  unread: 0,
  lastchatdate: null,
});

/** /messages/support: the member's conversation with support (made by her first message). */
export function SupportPane() {
  const { t } = useTranslation();
  const { onBack, toList } = useBack();
  const query = useQuery(conversationWithQuery('support'));
  if (!query.data) return <PaneState failed={query.isError} onRetry={() => void query.refetch()} />;
  const conversation = query.data.data ?? emptySupport();
  return (
    <ConversationPane
      conversation={{
        ...conversation,
        showprofile: { ...conversation.showprofile, showname: t('messages.support.title') },
      }}
      onBack={onBack}
      onGone={toList}
      onPriceChanged={() => void query.refetch()}
    />
  );
}
