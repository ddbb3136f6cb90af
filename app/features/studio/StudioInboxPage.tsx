import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { studioMeQuery } from './api.ts';
import { StudioConversationList } from './StudioConversationList.tsx';
import { StudioFrame } from './StudioFrame.tsx';
import { StudioThread } from './StudioThread.tsx';
import { useInboxSocket } from './use-inbox-socket.ts';

/** The open conversation of `?c=`; null for none (or one that is no id). */
const openId = (params: URLSearchParams): number | null => {
  const raw = params.get('c');
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
};

function Inbox() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const open = openId(params);
  useInboxSocket();
  const select = (id: number | null) => setParams(id === null ? {} : { c: String(id) });
  return (
    <StudioFrame title={t('studio.inbox.title')} wide nav>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 1fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        {/* On a phone: the list, or the open conversation. */}
        <Box sx={{ display: { xs: open === null ? 'block' : 'none', md: 'block' }, minWidth: 0 }}>
          <StudioConversationList selected={open} onSelect={select} />
        </Box>
        <Box sx={{ display: { xs: open === null ? 'none' : 'block', md: 'block' }, minWidth: 0 }}>
          {open === null ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('studio.inbox.choose')}
            </Typography>
          ) : (
            <StudioThread key={open} id={open} onBack={() => select(null)} />
          )}
        </Box>
      </Box>
    </StudioFrame>
  );
}

/** /studio/messages: the members who wrote to her show, and her answers. Needs her session. */
export function StudioInboxPage() {
  const { t } = useTranslation();
  const me = useQuery(studioMeQuery);
  if (me.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (me.isError) {
    return (
      <StudioFrame title={t('studio.inbox.title')}>
        <Alert severity="error">{t('errors.unknown_error')}</Alert>
      </StudioFrame>
    );
  }
  if (!me.data) return <Navigate to="/studio/login" replace />;
  return <Inbox />;
}
