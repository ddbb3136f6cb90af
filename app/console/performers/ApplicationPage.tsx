import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PerformerApplication } from '#common/api/admin-performers.ts';
import { useTexts } from '../locale.tsx';
import { useMay } from '../session.ts';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { ApproveDialog } from './ApproveDialog.tsx';
import { AttemptsSection } from './AttemptsSection.tsx';
import { CloseSection } from './CloseSection.tsx';
import { DocumentsSection } from './DocumentsSection.tsx';
import { checkText, utc } from './format.ts';
import { applicationQuery } from './queries.ts';
import { RecordsSection } from './RecordsSection.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { type PerformerTexts, performerTexts } from './texts.ts';

/** One application: her facts, the identity check, her pictures, the decision, and (administrators) the 2257 record. */
export function ApplicationPage({ id }: { id: number }) {
  const t = useTexts(performerTexts);
  const application = useQuery(applicationQuery(id));
  const a = application.data;
  return (
    <ConsolePage
      title={a ? t.appTitle(a.showName) : t.queueTitle}
      loading={application.isPending}
      error={application.error}
      actions={
        <MuiLink component={Link} to="/admin/performers">
          {t.backToQueue}
        </MuiLink>
      }
    >
      {a && <ApplicationBody a={a} />}
    </ConsolePage>
  );
}

function ApplicationBody({ a }: { a: PerformerApplication }) {
  const t = useTexts(performerTexts);
  const mayReadRecords = useMay('records');
  return (
    <Stack spacing={3}>
      <Facts a={a} t={t} />
      <AttemptsSection application={a} />
      <DocumentsSection application={a} />
      <Decision a={a} t={t} />
      {mayReadRecords && ['active', 'disabled', 'closed'].includes(a.status) && <RecordsSection id={a.id} />}
      <CloseSection a={a} />
    </Stack>
  );
}

function Facts({ a, t }: { a: PerformerApplication; t: PerformerTexts }) {
  const rows: [string, string][] = [
    [t.email, a.email],
    [t.status, t[`status_${a.status}`]],
    [t.languages, a.languages.join(', ')],
    [t.categories, a.categories.join(', ')],
    [t.colConfirmed, a.emailConfirmed ? t.yes : t.no],
    [t.submitted, a.submittedAt ? utc(a.submittedAt) : '–'],
    [t.check, checkText(t, a.idCheck)],
    ...(a.idCheck.providerNow ? [['', t.providerNow(a.idCheck.providerNow)] as [string, string]] : []),
    ...(a.decidedAt ? [[t.decided, utc(a.decidedAt)] as [string, string]] : []),
    ...(a.rejectionReason ? [[t.rejectionReason, a.rejectionReason] as [string, string]] : []),
  ];
  return (
    <Box component="section" aria-labelledby="facts-title">
      <Typography id="facts-title" variant="h6" component="h2">
        {t.facts}
      </Typography>
      <Table size="small" aria-labelledby="facts-title">
        <TableBody>
          {rows.map(([k, v]) => (
            <TableRow key={`${k}:${v}`}>
              <TableCell component="th" scope="row" sx={{ width: { xs: '40%', md: '25%' } }}>
                {k}
              </TableCell>
              <TableCell data-fact={k} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {v}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Decision({ a, t }: { a: PerformerApplication; t: PerformerTexts }) {
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  return (
    <Box component="section" aria-labelledby="decision-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="decision-title" variant="h6" component="h2">
        {t.decision}
      </Typography>
      {!a.open ? (
        <Alert severity="info">{t.decidedAlready}</Alert>
      ) : (
        <>
          {!a.approvable && <Alert severity="warning">{t.approveNeedsCheck}</Alert>}
          <Stack direction="row" spacing={1}>
            {a.approvable && (
              <Button variant="contained" onClick={() => setDialog('approve')}>
                {t.approve}
              </Button>
            )}
            <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
              {t.reject}
            </Button>
          </Stack>
          <ApproveDialog application={a} open={dialog === 'approve'} onClose={() => setDialog(null)} />
          <RejectDialog application={a} open={dialog === 'reject'} onClose={() => setDialog(null)} />
        </>
      )}
    </Box>
  );
}
