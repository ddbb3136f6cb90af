import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTexts } from '../locale.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { noticeListQuery } from './api.ts';
import { ComplaintsGrid } from './ComplaintsGrid.tsx';
import { NoticesGrid } from './NoticesGrid.tsx';
import { noticesTexts } from './texts.ts';

/** /admin/notices: the notices and the complaints, each a list of its own (a tab), open ones first. */
export default function NoticesPage() {
  const t = useTexts(noticesTexts);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'complaints' ? 'complaints' : 'notices';
  // The counts come with the first page of open notices, which the socket refreshes.
  const counts = useQuery(noticeListQuery({ state: 'open', pageSize: 1 }));
  return (
    <ConsolePage title={t.title}>
      <Typography>{t.intro}</Typography>
      {counts.data && <Typography>{t.counts(counts.data.openNotices, counts.data.openComplaints)}</Typography>}
      <Tabs
        value={tab}
        onChange={(_e, next: string) => setParams(next === 'complaints' ? { tab: next } : {}, { replace: true })}
        variant="scrollable"
      >
        <Tab value="notices" label={t.tabNotices} id="tab-notices" aria-controls="panel-notices" />
        <Tab value="complaints" label={t.tabComplaints} id="tab-complaints" aria-controls="panel-complaints" />
      </Tabs>
      <Stack role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} spacing={2}>
        {tab === 'notices' ? <NoticesGrid /> : <ComplaintsGrid />}
      </Stack>
    </ConsolePage>
  );
}
