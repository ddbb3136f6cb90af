import { Box, CircularProgress, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** Readable line length for running text. */
export const MEASURE = '80ch';
/** Anchored headings stop below the sticky top bar. */
export const ANCHOR_OFFSET = '88px';

/** The frame of every content page: side padding, vertical rhythm, room above the bottom navigation. */
export function ContentPage({ children }: { children: ReactNode }) {
  return <Box sx={{ px: { xs: 2, sm: 3, md: 4 }, pt: { xs: 2, md: 4 }, pb: { xs: 6, md: 8 } }}>{children}</Box>;
}

export function PageTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Typography
      id={id}
      variant="h4"
      component="h1"
      sx={{
        fontSize: { xs: '1.75rem', md: '2.25rem' },
        fontWeight: 700,
        lineHeight: 1.2,
        mb: 1.5,
        overflowWrap: 'anywhere',
        hyphens: 'auto',
        scrollMarginTop: ANCHOR_OFFSET,
      }}
    >
      {children}
    </Typography>
  );
}

export function Intro({ children }: { children: ReactNode }) {
  return (
    <Typography sx={{ fontSize: { xs: '1.0625rem', md: '1.125rem' }, lineHeight: 1.6, color: 'text.secondary', mb: 3 }}>
      {children}
    </Typography>
  );
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Running text with e-mail addresses as mailto links. */
export function RichText({ text }: { text: string }) {
  const parts = text.split(EMAIL);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Link key={i} href={`mailto:${part}`} sx={{ overflowWrap: 'anywhere' }}>
            {part}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function Paragraph({ text }: { text: string }) {
  return (
    <Typography sx={{ lineHeight: 1.7, mb: 1.5, hyphens: 'auto', overflowWrap: 'break-word' }}>
      <RichText text={text} />
    </Typography>
  );
}
