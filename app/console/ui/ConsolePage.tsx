import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useErrorText } from '../errors.ts';
import { useWaitingCount } from '../live.ts';
import { useTexts } from '../locale.tsx';
import { frameTexts } from '../texts.ts';

/**
 * A console screen: its heading (the page's title too, with the count of work waiting in front),
 * then its content, or a spinner while it loads, or the reason it could not.
 */
export function ConsolePage(props: {
  title: string;
  actions?: ReactNode;
  loading?: boolean;
  error?: unknown;
  children?: ReactNode;
}) {
  const { title, actions, loading, error, children } = props;
  const { say } = useErrorText();
  const waiting = useWaitingCount();
  const { console: consoleName } = useTexts(frameTexts);
  useEffect(() => {
    document.title = `${waiting > 0 ? `(${waiting}) ` : ''}${title} · ${consoleName}`;
  }, [title, waiting, consoleName]);
  return (
    <Box component="section" aria-labelledby="console-page-title" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="console-page-title" variant="h5" component="h1">
          {title}
        </Typography>
        {actions}
      </Box>
      {loading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={title} />
        </Box>
      ) : error ? (
        <Alert severity="error">{say(error)}</Alert>
      ) : (
        children
      )}
    </Box>
  );
}
