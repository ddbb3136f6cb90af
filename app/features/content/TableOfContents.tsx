import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Link, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type TocEntry = { id: string; label: string };

function TocList({ entries }: { entries: TocEntry[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((e) => (
        <Box component="li" key={e.id} sx={{ py: 0.5 }}>
          <Link href={`#${e.id}`} underline="hover" sx={{ display: 'inline-block', lineHeight: 1.4 }}>
            {e.label}
          </Link>
        </Box>
      ))}
    </Box>
  );
}

/**
 * In-page links to the sections. `sticky`: a side column that stays in view (wide screens);
 * otherwise a collapsible block above the text (phones and narrow windows).
 */
export function TableOfContents({ entries, sticky }: { entries: TocEntry[]; sticky: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (sticky) {
    return (
      <Box
        component="nav"
        aria-labelledby={titleId}
        sx={{ position: 'sticky', top: 88, maxHeight: 'calc(100vh - 112px)', overflowY: 'auto', pr: 1 }}
      >
        <Typography id={titleId} component="h2" variant="overline" sx={{ color: 'text.secondary', display: 'block' }}>
          {t('content.toc')}
        </Typography>
        <Box sx={{ fontSize: '0.875rem' }}>
          <TocList entries={entries} />
        </Box>
      </Box>
    );
  }
  return (
    <Box component="nav" aria-labelledby={titleId} sx={{ mb: 4 }}>
      <Accordion disableGutters variant="outlined" slotProps={{ heading: { component: 'h2' } }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography id={titleId} sx={{ fontWeight: 600 }}>
            {t('content.toc')}
          </Typography>
        </AccordionSummary>
        <AccordionDetails sx={{ pt: 0 }}>
          <TocList entries={entries} />
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
