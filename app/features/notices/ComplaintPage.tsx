import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ContentPage, Intro, PageLoading, PageTitle } from '#app/features/content/ContentLayout.tsx';
import { SentAlert } from '#app/features/content/SentAlert.tsx';
import { useNoIndex } from '#app/platform/no-index.ts';
import { useTitle } from '#app/platform/use-title.ts';
import type { NotifierComplaintView } from '#common/api/notices.ts';
import { refusalKey, useNotifierComplaint } from './api.ts';
import { ComplaintForm } from './ComplaintForm.tsx';

const T = 'content.notice_complaint';

/** The link could not be opened: why, in words; a retry where asking again can help. */
function Refusal({ reason, onRetry }: { reason: ReturnType<typeof refusalKey>; onRetry: () => void }) {
  const { t } = useTranslation();
  const title = reason === 'closed' ? `${T}.closed_title` : reason === 'invalid' ? `${T}.invalid_title` : null;
  useTitle(title ?? `${T}.failed`);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {title && <PageTitle>{t(title)}</PageTitle>}
      <Alert severity={reason === 'closed' ? 'info' : 'error'} role="alert" sx={{ width: '100%' }}>
        {t(`${T}.${reason}`)}
      </Alert>
      {(reason === 'offline' || reason === 'failed' || reason === 'throttled') && (
        <Button variant="outlined" onClick={onRetry}>
          {t(`${T}.retry`)}
        </Button>
      )}
      <Link component={RouterLink} to="/">
        {t(`${T}.home`)}
      </Link>
    </Stack>
  );
}

/** What was decided, the statement of reasons and the time limit, as the API answers them. */
function Decision({ view }: { view: NotifierComplaintView }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(view.complaint_until));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(`${T}.decision`)}
      </Typography>
      <Typography sx={{ fontWeight: 600, mb: 1.5 }}>{t(`${T}.decision_${view.action}`)}</Typography>
      {view.reasoning && (
        <>
          <Typography variant="subtitle2" component="h3">
            {t(`${T}.reasons`)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: 1.7, mb: 1.5 }}>
            {view.reasoning}
          </Typography>
        </>
      )}
      {view.state === 'open' && <Typography>{t(`${T}.until`, { date: until })}</Typography>}
    </Box>
  );
}

function Complaint({
  id,
  token,
  view,
  justFiled,
}: {
  id: string;
  token: string;
  view: NotifierComplaintView;
  justFiled: boolean;
}) {
  const { t } = useTranslation();
  const formHeading = useId();
  useTitle(`${T}.title`, { id: view.notice_id });
  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>{t(`${T}.title`, { id: view.notice_id })}</PageTitle>
        <Intro>{t(`${T}.intro`, { id: view.notice_id })}</Intro>
      </Box>
      <Decision view={view} />
      {view.state === 'filed' ? (
        justFiled ? (
          <SentAlert title={t(`${T}.sent_title`)}>{t(`${T}.sent`)}</SentAlert>
        ) : (
          <Alert severity="info" role="status">
            {t(`${T}.filed`)}
          </Alert>
        )
      ) : (
        <Paper
          variant="outlined"
          sx={{
            p: { xs: 0, sm: 3 },
            border: { xs: 0, sm: 1 },
            borderColor: { sm: 'divider' },
            bgcolor: { xs: 'transparent', sm: 'background.paper' },
          }}
        >
          <Typography id={formHeading} variant="h6" component="h2" sx={{ mb: 2 }}>
            {t(`${T}.form_title`)}
          </Typography>
          <ComplaintForm id={id} token={token} labelledBy={formHeading} />
        </Paper>
      )}
    </Stack>
  );
}

/**
 * /notices/:id/complaint?token=…: the notifier's complaint about the decision on her notice (DSA
 * Art. 20), opened from the decision mail. The token stands in for an account, so the page is
 * read in the browser (the server's renderer does not pass the token on) and kept out of search.
 */
export function ComplaintPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  useNoIndex();
  const complaint = useNotifierComplaint(id, token);
  // Open when the page came up: a `filed` answer after that is her own send, thanked for.
  const [openedOpen, setOpenedOpen] = useState<boolean | null>(null);
  const state = complaint.data?.state;
  useEffect(() => {
    if (state && openedOpen === null) setOpenedOpen(state === 'open');
  }, [state, openedOpen]);

  return (
    <ContentPage>
      <Box sx={{ maxWidth: '720px' }}>
        {complaint.data ? (
          <Complaint id={id} token={token} view={complaint.data} justFiled={openedOpen === true} />
        ) : complaint.isError ? (
          <Refusal reason={refusalKey(complaint.error)} onRetry={() => void complaint.refetch()} />
        ) : (
          <PageLoading />
        )}
      </Box>
    </ContentPage>
  );
}
