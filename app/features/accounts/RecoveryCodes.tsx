import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '#app/platform/use-copy.ts';

/** A copy button and the word of how it went ("Copied." for COPY_CONFIRMATION_MS), read out. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { outcome, copy } = useCopy(text);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" startIcon={<ContentCopy fontSize="small" />} onClick={() => void copy()}>
        {label}
      </Button>
      <Typography
        component="span"
        role="status"
        variant="body2"
        color={outcome === 'failed' ? 'error' : 'success.main'}
      >
        {outcome === 'copied'
          ? t('second_factor.settings.copied')
          : outcome === 'failed'
            ? t('second_factor.settings.copy_failed')
            : ''}
      </Typography>
    </Stack>
  );
}

/** Saves the codes as a text file, one a line, under a line that says what they are. */
function download(title: string, codes: string[]) {
  const blob = new Blob([`${title}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `recovery-codes-${window.location.hostname || 'site'}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * New recovery codes, shown this one time: the list (read out as a list), copy, download as
 * .txt, and "I have saved them", which closes it. The heading takes the focus when it appears.
 */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack spacing={2} component="section" aria-labelledby={`${id}-title`}>
      <Typography
        id={`${id}-title`}
        component="h3"
        variant="subtitle1"
        tabIndex={-1}
        ref={heading}
        sx={{ fontWeight: 600 }}
      >
        {t('second_factor.settings.codes_title')}
      </Typography>
      <Alert severity="warning">{t('second_factor.settings.codes_text')}</Alert>
      <Box
        component="ol"
        aria-label={t('second_factor.settings.codes_list')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, max-content)', md: 'repeat(5, max-content)' },
          columnGap: 4,
          rowGap: 1,
          m: 0,
          p: 1.5,
          listStyle: 'none',
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <CopyButton text={codes.join('\n')} label={t('second_factor.settings.copy_codes')} />
        <Button
          size="small"
          variant="outlined"
          startIcon={<Download fontSize="small" />}
          onClick={() => download(t('second_factor.settings.codes_file_title'), codes)}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('second_factor.settings.download_codes')}
        </Button>
      </Stack>
      <Button variant="contained" onClick={onSaved} sx={{ alignSelf: 'flex-start' }}>
        {t('second_factor.settings.saved')}
      </Button>
    </Stack>
  );
}
