import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { CONTENT_TEXT_ERROR, type ConsoleContentText, type ContentTextSaved } from '#common/api/admin-content.ts';
import { CONTENT_TEXT_MAX } from '#common/domain/content-text.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { utcMinute } from '../support/queries.ts';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { contentTextQuery, languageName } from './queries.ts';
import { contentTexts } from './texts.ts';

/** /admin/content/:page/:locale: one page's text in one language, saved live; the release's text restores it. */
export default function ContentEditPage() {
  const t = useTexts(contentTexts);
  const { page = '', locale = '' } = useParams();
  const text = useQuery(contentTextQuery(page, locale));
  const back = (
    <Button component={RouterLink} to="/admin/content" variant="outlined">
      {t.back}
    </Button>
  );
  if (text.error instanceof ApiError && (text.error.status === 404 || text.error.status === 422)) {
    return (
      <ConsolePage title={t.title} actions={back}>
        <Typography role="status">{t.notFound}</Typography>
      </ConsolePage>
    );
  }
  const entry = text.data;
  return (
    <ConsolePage
      title={entry ? t.editTitle(entry.title, languageName(t, entry.locale)) : t.title}
      actions={back}
      loading={text.isPending}
      error={text.error}
    >
      {/* A fresh form per text read, so a change saved elsewhere (the socket) is what she edits next. */}
      {entry && <TextForm key={`${entry.page}/${entry.locale}/${entry.updatedAt}`} entry={entry} />}
    </ConsolePage>
  );
}

function TextForm({ entry }: { entry: ConsoleContentText }) {
  const t = useTexts(contentTexts);
  const { say, field } = useErrorText();
  const [draft, setDraft] = useState(entry.text);
  const save = useConsoleAction<{ text: string }, ContentTextSaved>({
    method: 'PUT',
    path: () => `content/${entry.page}/${entry.locale}`,
    body: (v) => ({ text: v.text }),
    invalidates: [['console', 'content']],
    done: (r) => (r.outcome === 'repeat' ? t.repeat : r.outcome === 'unchanged' ? t.unchanged : t.saved),
    failed: (err) => (err instanceof ApiError && err.status === 422 ? null : undefined),
  });
  const err = save.error instanceof ApiError ? save.error : null;
  const key = err?.fieldErrors().text;
  const fieldError = key === CONTENT_TEXT_ERROR ? t.format : field(key);
  const problem = save.error && !fieldError ? say(save.error) : null;
  return (
    <Box
      component="form"
      sx={{ display: 'grid', gap: 1.5, maxWidth: '60rem' }}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ text: draft });
      }}
    >
      <Typography color="text.secondary">
        {entry.edited && entry.updatedAt
          ? `${t.edited}: ${t.changedBy(utcMinute(entry.updatedAt), entry.updatedBy ?? '')}`
          : t.release}
      </Typography>
      <TextField
        multiline
        minRows={16}
        maxRows={40}
        label={t.textLabel}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError ?? t.textHint(CONTENT_TEXT_MAX)}
        slotProps={{ htmlInput: { maxLength: CONTENT_TEXT_MAX, spellCheck: true, lang: entry.locale } }}
      />
      {problem && (
        <Typography role="alert" color="error">
          {problem}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t.save}
        </Button>
        <Button
          variant="outlined"
          disabled={save.isPending || !entry.edited}
          onClick={() => {
            setDraft(entry.releaseText);
            save.mutate({ text: entry.releaseText });
          }}
        >
          {t.restore}
        </Button>
      </Box>
    </Box>
  );
}
