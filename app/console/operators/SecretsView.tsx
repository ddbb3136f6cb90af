import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { OperatorCredentials } from '#common/api/admin-operators.ts';
import { useTexts } from '../locale.tsx';
import { operatorsTexts } from './texts.ts';

/** The browser's clipboard; a test puts its own in. */
export const clipboard = {
  write: (text: string): Promise<void> => navigator.clipboard.writeText(text),
};

/** One secret: its label, the value in monospace (selectable by hand too), and a copy button. */
function Secret(props: { label: string; value: string; name: string; hint?: string }) {
  const t = useTexts(operatorsTexts);
  const id = useId();
  const [said, setSaid] = useState<string | null>(null);
  const copy = async () => {
    try {
      await clipboard.write(props.value);
      setSaid(t.copied);
    } catch {
      setSaid(t.copyFailed);
    }
  };
  return (
    <Box>
      <Typography id={`${id}-label`} variant="subtitle2" component="p">
        {props.label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box
          component="code"
          data-secret={props.name}
          aria-labelledby={`${id}-label`}
          sx={{
            flex: 1,
            minWidth: 0,
            p: 1,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontSize: '1rem',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {props.value}
        </Box>
        <Tooltip title={t.copy(props.label)}>
          <IconButton aria-label={t.copy(props.label)} onClick={copy}>
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ minHeight: '1.25rem' }}>
        {said ?? props.hint ?? ''}
      </Typography>
    </Box>
  );
}

/**
 * Sign-in details shown once (a new operator's, or a renewed password or key), with the warning
 * that they cannot be shown again, each with a copy button. Nothing of it is kept in the browser
 * beyond this view.
 */
export function SecretsView({ credentials, note }: { credentials: OperatorCredentials; note?: string }) {
  const t = useTexts(operatorsTexts);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity="warning" role="alert">
        {t.onceWarning}
        {note ? ` ${note}` : ''}
      </Alert>
      {credentials.password && <Secret label={t.password} value={credentials.password} name="password" />}
      {credentials.totpSecret && (
        <Secret label={t.totpKey} value={credentials.totpSecret} name="totp-key" hint={t.totpHint} />
      )}
      {credentials.otpauthUri && <Secret label={t.totpUri} value={credentials.otpauthUri} name="totp-uri" />}
    </Box>
  );
}
