import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { HASH } from '#app/platform/hash-dialogs.ts';
import { SHOW_CHAT_ERRORS } from '#common/api/showchat.ts';
import { SHOW_CHAT_TEXT_MAX } from '#common/constants.ts';

/** What a refusal offers to do about it: sign up, choose a nickname. */
function NextStep({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (reason === SHOW_CHAT_ERRORS.signUp)
    return (
      <Link component={RouterLink} to="/users/signup">
        {t('showchat.signUp')}
      </Link>
    );
  if (reason === SHOW_CHAT_ERRORS.nickname)
    return (
      <Link component={RouterLink} to={{ pathname, search, hash: HASH.nicknames }}>
        {t('showchat.chooseNickname')}
      </Link>
    );
  return null;
}

/**
 * The line to write in, its counter and the send button. Closed, with the reason, when the person
 * may not write (`closed`, an i18n key) or the chat is not joined yet (`waiting`); otherwise, with
 * `writingAs`, the name her messages carry. A refused send shows why under the field and keeps
 * the text.
 */
export function ChatComposer({
  closed,
  waiting,
  writingAs = null,
  send,
}: {
  closed: string | null;
  waiting: boolean;
  writingAs?: string | null;
  send: (text: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reasonId = useId();
  const disabled = closed !== null || waiting;
  const blank = text.trim().length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || blank || sending) return;
    setSending(true);
    const refused = await send(text.trim());
    setSending(false);
    setError(refused);
    if (!refused) setText('');
  };

  let hint: string | null = null;
  if (closed) hint = t(closed);
  else if (waiting) hint = t('showchat.connecting');
  else if (writingAs) hint = t('showchat.writingAs', { nickname: writingAs });
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ px: 1.5, pb: 1.5, pt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <TextField
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          disabled={disabled}
          size="small"
          fullWidth
          autoComplete="off"
          label={t('showchat.input')}
          error={error !== null}
          helperText={error ? t(error) : disabled ? undefined : `${text.length} / ${SHOW_CHAT_TEXT_MAX}`}
          slotProps={{
            htmlInput: { maxLength: SHOW_CHAT_TEXT_MAX, 'aria-describedby': hint ? reasonId : undefined },
            formHelperText: { 'aria-live': 'polite' } as object,
          }}
        />
        <IconButton
          type="submit"
          color="primary"
          aria-label={t('showchat.send')}
          disabled={disabled || blank || sending}
          sx={{ mt: 0.25 }}
        >
          <SendRounded />
        </IconButton>
      </Box>
      {hint && (
        <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {hint} {closed && <NextStep reason={closed} />}
        </Typography>
      )}
    </Box>
  );
}
