import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { ContentPage } from '#common/domain/content-text.ts';
import { ContentPage as Frame, PageLoading } from './ContentLayout.tsx';
import { type ShownContent, useContentText } from './legal.ts';

/**
 * A content page's text from the content API, handed to `children` once it is there; a spinner
 * while it loads, and a way to try again when it could not be read.
 */
export function ContentText({ page, children }: { page: ContentPage; children: (shown: ShownContent) => ReactNode }) {
  const { t } = useTranslation();
  const { shown, failed, retry } = useContentText(page);
  if (shown) return children(shown);
  if (!failed) return <PageLoading />;
  return (
    <Frame>
      <Box sx={{ maxWidth: 600 }}>
        <LoadState kind="error" text={t('content.load_failed')} retry={{ label: t('common.retry'), onClick: retry }} />
      </Box>
    </Frame>
  );
}
