import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ContentSection } from '#common/domain/content-text.ts';
import { ANCHOR_OFFSET, RichText } from './ContentLayout.tsx';

/** `#q-3` -> 3: the deep link of one question (0-based, like the list), under the list's prefix. */
export const questionAnchor = (prefix: string, index: number) => `${prefix}-${index}`;
const linkedIndex = (prefix: string, hash: string) => {
  const m = /^#(.+)-(\d+)$/.exec(hash);
  return m && m[1] === prefix ? Number(m[2]) : null;
};

/** Open questions; a link to #<prefix>-<index> opens its question as well (on load and on later hash changes). */
function useOpenQuestions(prefix: string, hash: string) {
  const linked = linkedIndex(prefix, hash);
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

/**
 * Questions with collapsible answers (MUI's accordion: a button per question with aria-expanded
 * and aria-controls, the answer a region named by it, Enter and Space toggle). Each question's
 * heading is at `level`; a link to its anchor opens and scrolls to it.
 */
export function QuestionList(props: { items: ContentSection[]; prefix: string; level: 'h2' | 'h3' }) {
  const { items, prefix, level } = props;
  const { hash } = useLocation();
  const { open, toggle, linked } = useOpenQuestions(prefix, hash);

  useEffect(() => {
    if (linked === null) return;
    // The list did not exist when the browser looked for the anchor, so scroll here.
    document.getElementById(questionAnchor(prefix, linked))?.scrollIntoView?.({ block: 'start' });
  }, [prefix, linked]);

  return (
    <Box sx={{ mb: 4 }}>
      {items.map((item, i) => {
        const id = questionAnchor(prefix, i);
        return (
          <Accordion
            key={item.heading}
            id={id}
            expanded={open.has(i)}
            onChange={(_, expanded) => toggle(i, expanded)}
            disableGutters
            variant="outlined"
            slotProps={{ heading: { component: level } }}
            sx={{ scrollMarginTop: ANCHOR_OFFSET, '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            <AccordionSummary id={`${id}-question`} aria-controls={`${id}-answer`} expandIcon={<ExpandMoreIcon />}>
              <Typography sx={{ fontWeight: 600, lineHeight: 1.4, py: 0.5 }}>{item.heading}</Typography>
            </AccordionSummary>
            <AccordionDetails id={`${id}-answer`} sx={{ pt: 0 }}>
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
        );
      })}
    </Box>
  );
}
