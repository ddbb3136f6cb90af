import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ANCHOR_OFFSET, ContentPage, Intro, MEASURE, PageTitle, RichText } from './ContentLayout.tsx';
import { ContentText } from './ContentText.tsx';
import { type ShownContent, useDocumentTitle } from './legal.ts';

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

/** The FAQ's text: its sections are the questions, their paragraphs the answers. */
function FaqContent({ shown }: { shown: ShownContent }) {
  const faq = shown.doc;
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
        {faq.intro.map((p) => (
          <Intro key={p}>{p}</Intro>
        ))}
        <Box sx={{ mb: 4 }}>
          {faq.sections.map((item, i) => (
            <Accordion
              key={item.heading}
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
                <Typography sx={{ fontWeight: 600, lineHeight: 1.4, py: 0.5 }}>{item.heading}</Typography>
              </AccordionSummary>
              <AccordionDetails sx={{ pt: 0 }}>
                {item.paragraphs.map((p) => (
                  <Typography
                    key={p}
                    sx={{ lineHeight: 1.7, color: 'text.secondary', '&:not(:last-child)': { mb: 1.5 } }}
                  >
                    <RichText text={p} />
                  </Typography>
                ))}
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

/** /faq: the questions from the content API, each one a collapsible answer. */
export function FaqPage() {
  return <ContentText page="faq">{(shown) => <FaqContent shown={shown} />}</ContentText>;
}
