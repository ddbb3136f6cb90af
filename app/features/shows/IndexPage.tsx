import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { ReferralCodeEntry } from '#app/features/chat/ReferralCodeEntry.tsx';
import { usePublicConfig } from '#app/features/session/api.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { ShowsList } from './ShowsList.tsx';
import { Teaser } from './Teaser.tsx';

/** The index: the category bar, the referral code entry, the teaser row and all shows by page. */
export function IndexPage() {
  const { t } = useTranslation();
  const site = usePublicConfig().site.name;
  useTitle('shows.index.title');
  return (
    <>
      <Box component="h1" sx={visuallyHidden}>
        {t('shows.index.heading', { site })}
      </Box>
      <ShowsList
        category={undefined}
        title={t('shows.all_title')}
        titleLevel="h2"
        top={
          <>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
              <ReferralCodeEntry />
            </Box>
            <Teaser />
          </>
        }
      />
    </>
  );
}
