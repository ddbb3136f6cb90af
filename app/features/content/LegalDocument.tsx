import { Box, Link, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentDoc } from '#common/domain/content-text.ts';
import { ANCHOR_OFFSET, ContentPage, Intro, MEASURE, PageTitle, Paragraph } from './ContentLayout.tsx';
import { TableOfContents, type TocEntry } from './TableOfContents.tsx';

export const sectionId = (index: number) => `section-${index + 1}`;

function LastUpdated({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(at));
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
      {t('content.last_updated', { date })}
    </Typography>
  );
}

/**
 * A legal text: title, the day it last changed, intro, table of contents, sections, then `children`
 * (a form or a call to action). Every text is shown as text, never read as markup.
 */
export function LegalDocument(props: { doc: ContentDoc; updatedAt: string; children?: ReactNode }) {
  const { doc, updatedAt, children } = props;
  const { t } = useTranslation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const entries: TocEntry[] = doc.sections.map((s, i) => ({ id: sectionId(i), label: s.heading }));
  const showToc = entries.length > 1;
  return (
    <ContentPage>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: wide && showToc ? `minmax(0, ${MEASURE}) minmax(200px, 280px)` : 'minmax(0, 1fr)',
          columnGap: 6,
        }}
      >
        <Box component="article" aria-labelledby="page-title" sx={{ maxWidth: MEASURE, minWidth: 0 }}>
          <PageTitle id="page-title">{doc.title}</PageTitle>
          <LastUpdated at={updatedAt} />
          {doc.intro.map((p) => (
            <Intro key={p}>{p}</Intro>
          ))}
          {showToc && !wide && <TableOfContents entries={entries} sticky={false} />}
          {doc.sections.map((s, i) => (
            <Box component="section" key={s.heading} aria-labelledby={sectionId(i)} sx={{ mb: 3 }}>
              <Typography
                id={sectionId(i)}
                variant="h6"
                component="h2"
                sx={{ fontWeight: 600, lineHeight: 1.3, mt: 4, mb: 1.5, scrollMarginTop: ANCHOR_OFFSET }}
              >
                {s.heading}
              </Typography>
              {s.paragraphs.map((p) => (
                <Paragraph key={p} text={p} />
              ))}
            </Box>
          ))}
          {children}
          {doc.sections.length > 4 && (
            <Box sx={{ mt: 4 }}>
              <Link href="#page-title" variant="body2">
                {t('content.back_to_top')}
              </Link>
            </Box>
          )}
        </Box>
        {showToc && wide && (
          <Box component="aside">
            <TableOfContents entries={entries} sticky />
          </Box>
        )}
      </Box>
    </ContentPage>
  );
}
