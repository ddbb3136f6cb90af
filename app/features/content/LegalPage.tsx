import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatches } from 'react-router';
import type { ContentPage } from '#common/domain/content-text.ts';
import { ANCHOR_OFFSET } from './ContentLayout.tsx';
import { ContentText } from './ContentText.tsx';
import { LegalDocument } from './LegalDocument.tsx';
import { LEGAL_KEY_OF_ROUTE, type LegalKey, type ShownContent, useDocumentTitle } from './legal.ts';
import { QuestionList } from './QuestionList.tsx';

/** Pages that end with a way to get in touch. */
const CALL_TO_ACTION: Partial<Record<LegalKey, string>> = {
  camgirl_werden: 'content.cta.camgirl_werden',
  webmaster: 'content.cta.webmaster',
};

/** Pages that end with questions and answers of their own (the performer guide's). */
const QUESTIONS: Partial<Record<LegalKey, ContentPage>> = {
  camgirl_werden: 'camgirl_faq',
};

/** A page's questions: a heading of their own, then each question with its collapsible answer. */
function PageQuestions({ page }: { page: ContentPage }) {
  return (
    <ContentText page={page}>
      {({ doc }) => (
        <Box component="section" aria-labelledby="questions" sx={{ mt: 5 }}>
          <Typography
            id="questions"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 700, mb: 1, scrollMarginTop: ANCHOR_OFFSET }}
          >
            {doc.title}
          </Typography>
          {doc.intro.map((p) => (
            <Typography key={p} sx={{ color: 'text.secondary', mb: 2 }}>
              {p}
            </Typography>
          ))}
          <QuestionList items={doc.sections} prefix="question" level="h3" />
        </Box>
      )}
    </ContentText>
  );
}

function useRouteLegalKey(): LegalKey {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { name?: string } | undefined;
  const key = handle?.name ? LEGAL_KEY_OF_ROUTE[handle.name] : undefined;
  if (!key) throw new Error(`no legal text for route '${handle?.name ?? '?'}'`);
  return key;
}

function LegalArticle({ textKey, shown }: { textKey: LegalKey; shown: ShownContent }) {
  const { t } = useTranslation();
  useDocumentTitle(shown.doc.title);
  const cta = CALL_TO_ACTION[textKey];
  const questions = QUESTIONS[textKey];
  return (
    <LegalDocument doc={shown.doc} updatedAt={shown.updatedAt}>
      {questions && <PageQuestions page={questions} />}
      {cta && (
        <Box sx={{ mt: 4 }}>
          <Button component={RouterLink} to="/contact" variant="contained" size="large">
            {t(cta)}
          </Button>
        </Box>
      )}
    </LegalDocument>
  );
}

/** Every legal page; the route's name (handle.name) says which text, the content API has it. */
export function LegalPage() {
  const key = useRouteLegalKey();
  return <ContentText page={key}>{(shown) => <LegalArticle textKey={key} shown={shown} />}</ContentText>;
}
