import { Box, Link, Paper, Typography } from '@mui/material';
import { Suspense } from 'react';
import { Trans } from 'react-i18next';
import { usePublicConfig, useUser } from '#app/features/session/api.ts';
import { ContactForm } from './ContactForm.tsx';
import { ContentPage, Intro, PageLoading, PageTitle } from './ContentLayout.tsx';
import { type LegalDoc, useDocumentTitle, useLegalText } from './legal.ts';

function ContactContent() {
  const text = useLegalText<LegalDoc>('contact');
  const email = usePublicConfig().supportEmail;
  const user = useUser();
  useDocumentTitle(text.title);
  return (
    <ContentPage>
      <Box sx={{ maxWidth: '720px' }}>
        <PageTitle>{text.title}</PageTitle>
        <Intro>{text.intro}</Intro>
        <Typography sx={{ mb: 3 }}>
          <Trans
            i18nKey="content.contact.direct"
            values={{ email }}
            components={{ mail: <Link href={`mailto:${email}`} sx={{ overflowWrap: 'anywhere' }} /> }}
          />
        </Typography>
        <Paper
          variant="outlined"
          sx={{
            p: { xs: 0, sm: 3 },
            border: { xs: 0, sm: 1 },
            borderColor: { sm: 'divider' },
            bgcolor: { xs: 'transparent', sm: 'background.paper' },
          }}
        >
          {/* A new form when someone logs in or out, so name and address follow the account. */}
          <ContactForm key={user?.id ?? 'guest'} />
        </Paper>
      </Box>
    </ContentPage>
  );
}

export function ContactPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ContactContent />
    </Suspense>
  );
}
