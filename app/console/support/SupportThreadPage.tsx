import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { SupportMessage, SupportReplied } from '#common/api/admin-support.ts';
import { MESSAGE_BODY_MAX } from '#common/constants.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { supportThreadQuery, utcMinute } from './queries.ts';
import { supportTexts } from './texts.ts';

/** One conversation, oldest message first, and the reply box (its draft stays until a reply is sent). */
export default function SupportThreadPage() {
  const t = useTexts(supportTexts);
  const { say, field } = useErrorText();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const thread = useQuery({ ...supportThreadQuery(id), enabled: valid });
  const [draft, setDraft] = useState('');
  const reply = useConsoleAction<{ id: number; body: string }, SupportReplied>({
    method: 'POST',
    path: (v) => `support/${v.id}/reply`,
    body: (v) => ({ body: v.body }),
    invalidates: [['console', 'support']],
    done: (r) => (r.outcome === 'repeat' ? t.replyRepeat : t.replySent),
    onDone: () => setDraft(''),
  });
  const back = (
    <Button component={RouterLink} to="/admin/support" variant="outlined">
      {t.back}
    </Button>
  );
  if (!valid || (thread.error instanceof ApiError && thread.error.status === 404)) {
    return (
      <ConsolePage title={t.title} actions={back}>
        <Typography role="status">{t.notFound}</Typography>
      </ConsolePage>
    );
  }
  const c = thread.data?.conversation;
  const member = c ? (c.name ?? c.email) : '';
  const author = (m: SupportMessage) =>
    m.author === 'member'
      ? `${t.memberAuthor} · ${member}`
      : m.operatorName
        ? t.deskAuthorNamed(m.operatorName)
        : t.deskAuthor;
  const err = reply.error instanceof ApiError ? reply.error : null;
  const fieldError = field(err?.body?.errors?.body?.[0]);
  const problem =
    err?.body?.message === 'messages.blocked_member' ? t.blocked : reply.error && !fieldError ? say(reply.error) : null;
  return (
    <ConsolePage
      title={c ? t.threadTitle(member) : t.title}
      actions={back}
      loading={thread.isPending}
      error={thread.error}
    >
      {thread.data && c && (
        <>
          <Typography>{t.memberDetails(member, c.email)}</Typography>
          {thread.data.total > thread.data.messages.length && (
            <Typography color="text.secondary">{t.olderHidden(thread.data.messages.length)}</Typography>
          )}
          <Box component="ol" aria-label={t.messages} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {thread.data.messages.map((m) => (
              <Paper
                key={m.id}
                component="li"
                variant="outlined"
                sx={{
                  p: 1.5,
                  maxWidth: '42rem',
                  justifySelf: m.author === 'member' ? 'start' : 'end',
                  bgcolor: m.author === 'member' ? 'background.paper' : 'action.hover',
                }}
              >
                <Typography variant="body2" color="text.secondary">
                  <strong>{author(m)}</strong> <time dateTime={m.createdAt}>{utcMinute(m.createdAt)}</time>
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</Typography>
              </Paper>
            ))}
          </Box>
          <Box
            component="form"
            sx={{ display: 'grid', gap: 1, maxWidth: '42rem' }}
            onSubmit={(e) => {
              e.preventDefault();
              reply.mutate({ id: c.id, body: draft });
            }}
          >
            <TextField
              multiline
              minRows={4}
              label={t.replyLabel}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              error={Boolean(fieldError)}
              helperText={fieldError ?? t.replyHint(MESSAGE_BODY_MAX)}
              slotProps={{ htmlInput: { maxLength: MESSAGE_BODY_MAX } }}
            />
            {problem && (
              <Typography role="alert" color="error">
                {problem}
              </Typography>
            )}
            <Button type="submit" variant="contained" disabled={reply.isPending} sx={{ justifySelf: 'start' }}>
              {t.replySubmit}
            </Button>
          </Box>
        </>
      )}
    </ConsolePage>
  );
}
