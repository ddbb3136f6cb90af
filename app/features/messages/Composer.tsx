import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Conversation, SentAnswer } from '#common/api/messages.ts';
import { MESSAGE_BODY_MAX } from '#common/constants.ts';
import { messageErrorKey } from './actions.ts';
import { type Draft, draftKey } from './send.ts';
import { TipChoice } from './TipChoice.tsx';

type Send = UseMutationResult<{ data: SentAnswer }, Error, Draft>;

/**
 * The message input: the text (with its counter), the show's price per message and a tip, and
 * send. One key per draft, kept when a send fails so that the retry is the same send; a new one
 * after a send went through. The input has the focus again after a send.
 */
export function Composer({
  conversation,
  send,
  onPriceChanged,
  onSent,
  blockedNote,
  autoFocus = false,
}: {
  autoFocus?: boolean;
  conversation: Conversation;
  send: Send;
  /** After a send went through (the first one makes the conversation). */
  onSent?: (answer: SentAnswer) => void;
  /** The price changed on the server: the conversation (and its price) is read again. */
  onPriceChanged: () => void;
  /** Why nothing can be sent now (a block, no nickname), instead of the input. */
  blockedNote: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [tip, setTip] = useState(0);
  const [key, setKey] = useState(draftKey);
  const input = useRef<HTMLTextAreaElement>(null);
  const show = conversation.kind === 'show';
  const price = conversation.showprofile.messageprice;
  const error = send.isError ? messageErrorKey(send.error) : null;

  if (blockedNote) return <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>{blockedNote}</Box>;

  const submit = (e?: React.FormEvent) => {
    e?.preventDefault();
    const text = body.trim();
    if (!text || send.isPending) return;
    // The text moves into the draft; a failed send gives it back, to send again under the same key.
    setBody('');
    send.mutate(
      { body: text, tip: show ? tip : 0, key },
      {
        onSuccess: (answer) => {
          onSent?.(answer.data);
          setTip(0);
          setKey(draftKey());
          input.current?.focus();
        },
        onError: (err) => {
          setBody((current) => current || text);
          if (messageErrorKey(err) === 'messages.price_changed') onPriceChanged();
          input.current?.focus();
        },
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label={t('messages.composer.label')}
      sx={{ p: { xs: 1, sm: 2 }, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      {error && (
        <Alert severity={error === 'messages.no_coins' ? 'warning' : 'error'} role="alert">
          {t(error)}{' '}
          {error === 'messages.no_coins' && (
            <Link component={RouterLink} to="/billing" color="inherit" sx={{ fontWeight: 600 }}>
              {t('messages.buy_coins')}
            </Link>
          )}
        </Alert>
      )}
      <TextField
        inputRef={input}
        autoFocus={autoFocus}
        multiline
        minRows={1}
        maxRows={6}
        label={t('messages.composer.input')}
        value={body}
        onChange={(e) => setBody(e.target.value.slice(0, MESSAGE_BODY_MAX))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
        helperText={t('messages.composer.counter', { count: body.length, max: MESSAGE_BODY_MAX })}
        slotProps={{ htmlInput: { maxLength: MESSAGE_BODY_MAX }, formHelperText: { sx: { textAlign: 'right' } } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {show && <TipChoice value={tip} onChange={setTip} disabled={send.isPending} />}
        {show && (
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 120 }}>
            {price > 0 ? t('messages.composer.price', { count: price }) : t('messages.composer.free')}
          </Typography>
        )}
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={body.trim().length === 0 && !send.isPending}
          loading={send.isPending}
          sx={{ ml: 'auto' }}
        >
          {t('messages.composer.send')}
        </Button>
      </Box>
    </Box>
  );
}
