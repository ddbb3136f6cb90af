import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ContentPage, Intro, MEASURE, PageTitle } from './ContentLayout.tsx';
import { ContentText } from './ContentText.tsx';
import { type ShownContent, useDocumentTitle } from './legal.ts';
import { QuestionList } from './QuestionList.tsx';

/** The FAQ's text: its sections are the questions, their paragraphs the answers. */
function FaqContent({ shown }: { shown: ShownContent }) {
  const faq = shown.doc;
  const { t } = useTranslation();
  useDocumentTitle(faq.title);
  return (
    <ContentPage>
      <Box sx={{ maxWidth: MEASURE }}>
        <PageTitle>{faq.title}</PageTitle>
        {faq.intro.map((p) => (
          <Intro key={p}>{p}</Intro>
        ))}
        <QuestionList items={faq.sections} prefix="q" level="h2" />
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
