import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Typography } from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ANCHOR_OFFSET, ContentPage, Intro, MEASURE, PageLoading, PageTitle, RichText } from './ContentLayout.tsx';
import { type FaqDoc, useDocumentTitle, useLegalText } from './legal.ts';

/** `#q-3` -> 3: the deep link of one question (0-based, like the list). */
export const faqAnchor = (index: number) => `q-${index}`;
const linkedIndex = (hash: string) => {
  const m = /^#q-(\d+)$/.exec(hash);
  return m ? Number(m[1]) : null;
};

/** Open questions; a link to #q-<index> opens its question as well (on load and on later hash changes). */
function useOpenQuestions(hash: string) {
  const linked = linkedIndex(hash);
  const [state, setState] = useState(() => ({ hash, open: new Set(linked === null ? [] : [linked]) }));
  let open = state.open;
  if (state.hash !== hash) {
    open = new Set(state.open);
    if (linked !== null) open.add(linked);
    setState({ hash, open });
  }
  const toggle = (index: number, expanded: boolean) =>
    setState((s) => {
      const next = new Set(s.open);
      if (expanded) next.add(index);
      else next.delete(index);
      return { ...s, open: next };
    });
  return { open, toggle, linked };
}

function FaqContent() {
  const faq = useLegalText<FaqDoc>('faq');
  const { t } = useTranslation();
  useDocumentTitle(faq.title);
  const { hash } = useLocation();
  const { open, toggle, linked } = useOpenQuestions(hash);

  useEffect(() => {
    if (linked === null) return;
    // The page did not exist when the browser looked for the anchor, so scroll here.
    document.getElementById(faqAnchor(linked))?.scrollIntoView?.({ block: 'start' });
  }, [linked]);

  return (
    <ContentPage>
      <Box sx={{ maxWidth: MEASURE }}>
        <PageTitle>{faq.title}</PageTitle>
        <Intro>{faq.intro}</Intro>
        <Box sx={{ mb: 4 }}>
          {faq.items.map((item, i) => (
            <Accordion
              key={item.q}
              id={faqAnchor(i)}
              expanded={open.has(i)}
              onChange={(_, expanded) => toggle(i, expanded)}
              disableGutters
              variant="outlined"
              slotProps={{ heading: { component: 'h2' } }}
              sx={{ scrollMarginTop: ANCHOR_OFFSET, '&:not(:last-of-type)': { borderBottom: 0 } }}
            >
              <AccordionSummary
                id={`${faqAnchor(i)}-question`}
                aria-controls={`${faqAnchor(i)}-answer`}
                expandIcon={<ExpandMoreIcon />}
              >
                <Typography sx={{ fontWeight: 600, lineHeight: 1.4, py: 0.5 }}>{item.q}</Typography>
              </AccordionSummary>
              <AccordionDetails sx={{ pt: 0 }}>
                <Typography sx={{ lineHeight: 1.7, color: 'text.secondary' }}>
                  <RichText text={item.a} />
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('content.faq.more')}</Typography>
        <Button component={RouterLink} to="/contact" variant="outlined">
          {t('content.faq.contact')}
        </Button>
      </Box>
    </ContentPage>
  );
}

export function FaqPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <FaqContent />
    </Suspense>
  );
}
