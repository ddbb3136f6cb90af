import DoneAllIcon from '@mui/icons-material/DoneAll';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { MembersOnly } from '#app/features/accounts/MembersOnly.tsx';
import { useDebouncedValue } from '#app/features/auth/useDebouncedValue.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { BOTTOM_NAV_HEIGHT, HEADER_HEIGHT } from '#common/constants.ts';
import { useReadAll } from './actions.ts';
import { type ConversationFilters as Filters, NO_FILTERS, useMessageCount } from './api.ts';
import { ConversationFilters } from './ConversationFilters.tsx';
import { ConversationList } from './ConversationList.tsx';
import { SUPPORT_PAGE } from './paths.ts';

/** What the panes below /messages learn from the page. */
export type MessagesOutlet = { phone: boolean };

/** The page's height: the window under the top bar (and above the bottom navigation on phones). */
const PANE_HEIGHT = {
  xs: `calc(100dvh - ${HEADER_HEIGHT + BOTTOM_NAV_HEIGHT}px)`,
  md: `calc(100dvh - ${HEADER_HEIGHT}px)`,
};

function ListHead() {
  const { t } = useTranslation();
  const count = useMessageCount(true);
  const readAll = useReadAll();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1.5, flexWrap: 'wrap' }}>
      <Typography component="h1" variant="h6" sx={{ flex: 1, fontWeight: 700 }}>
        {t('messages.page.title')}
      </Typography>
      <Button
        size="small"
        startIcon={<DoneAllIcon />}
        disabled={(count.data?.all ?? 0) === 0}
        loading={readAll.isPending}
        onClick={() => readAll.mutate()}
      >
        {t('messages.page.read_all')}
      </Button>
      <Button size="small" component={RouterLink} to={SUPPORT_PAGE} startIcon={<SupportAgentIcon />}>
        {t('messages.page.support')}
      </Button>
    </Box>
  );
}

/**
 * /messages, /messages/:id and /messages/support: the conversations (450 px wide) beside the open
 * one on wide screens; on phones the list and a conversation are two screens.
 */
export function MessagesPage() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { t } = useTranslation();
  useTitle('messages.page.title');
  const { id } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The name filter asks the server once the typing pauses.
  const showname = useDebouncedValue(filters.showname, 300);
  const open = id !== undefined || pathname.startsWith(SUPPORT_PAGE) || search.has('show');
  const showList = desktop || !open;
  const showPane = desktop || open;
  return (
    <MembersOnly>
      {(user) => (
        <Box sx={{ display: 'flex', height: PANE_HEIGHT, minHeight: 420 }}>
          {showList && (
            <Paper
              component="nav"
              square
              elevation={0}
              aria-label={t('messages.page.title')}
              sx={{
                width: { xs: '100%', md: 450 },
                flexShrink: 0,
                overflowY: 'auto',
                borderRight: { md: 1 },
                borderColor: { md: 'divider' },
              }}
            >
              <ListHead />
              <ConversationFilters value={filters} onChange={setFilters} nicknames={user.nicknames.data} />
              <ConversationList filters={{ ...filters, showname }} selectedId={id ? Number(id) : null} />
            </Paper>
          )}
          {showPane && (
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
              <Outlet context={{ phone: !desktop } satisfies MessagesOutlet} />
            </Box>
          )}
        </Box>
      )}
    </MembersOnly>
  );
}
