import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatches } from 'react-router';
import { ContentText } from './ContentText.tsx';
import { LegalDocument } from './LegalDocument.tsx';
import { LEGAL_KEY_OF_ROUTE, type LegalKey, type ShownContent, useDocumentTitle } from './legal.ts';

/** Pages that end with a way to get in touch. */
const CALL_TO_ACTION: Partial<Record<LegalKey, string>> = {
  camgirl_werden: 'content.cta.camgirl_werden',
  webmaster: 'content.cta.webmaster',
};

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
  return (
    <LegalDocument doc={shown.doc} updatedAt={shown.updatedAt}>
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
