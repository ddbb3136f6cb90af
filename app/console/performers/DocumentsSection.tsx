import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PerformerApplication } from '#common/api/admin-performers.ts';
import { useTexts } from '../locale.tsx';
import { documentLabel } from './format.ts';
import { documentUrl } from './queries.ts';
import { performerTexts } from './texts.ts';

/**
 * Her identity pictures, each with its name as alt text; read from the console's API, which
 * serves them only to whom the application's state allows and never lets them be cached.
 */
export function DocumentsSection({ application }: { application: PerformerApplication }) {
  const t = useTexts(performerTexts);
  return (
    <Box component="section" aria-labelledby="documents-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="documents-title" variant="h6" component="h2">
        {t.documents}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {application.documents.map((doc) => {
          const label = documentLabel(t, doc.kind);
          const url = documentUrl(application.id, doc.kind);
          return (
            <Box component="figure" key={doc.kind} sx={{ m: 0 }} data-document={doc.kind}>
              <Typography component="figcaption" sx={{ fontWeight: 600, mb: 0.5 }}>
                {label}
              </Typography>
              {doc.state === 'shown' ? (
                <MuiLink href={url} target="_blank" rel="noopener" aria-label={t.docOpen(label)}>
                  <Box
                    component="img"
                    src={url}
                    alt={label}
                    sx={{ maxWidth: '100%', maxHeight: '18rem', border: 1, borderColor: 'divider', display: 'block' }}
                  />
                </MuiLink>
              ) : (
                <Typography color="text.secondary">
                  {doc.state === 'missing' ? t.docMissing : t.docRecordsOnly}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
