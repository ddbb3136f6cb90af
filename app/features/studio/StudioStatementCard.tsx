import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioStatement } from '#common/api/notices.ts';
import { StudioComplaintForm } from './StudioComplaintForm.tsx';

const day = (iso: string, locale: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'long' });

/** Her complaint's state: waiting, upheld (content back online) or rejected, with the reasons. */
function ComplaintState({
  complaint,
  locale,
}: {
  complaint: NonNullable<StudioStatement['complaint']>;
  locale: string;
}) {
  const { t } = useTranslation();
  const severity = complaint.status === 'upheld' ? 'success' : complaint.status === 'rejected' ? 'warning' : 'info';
  return (
    <Alert severity={severity} sx={{ mt: 1 }}>
      {t(`studio.statements.complaint_${complaint.status}`, { date: day(complaint.created_at, locale) })}
      {complaint.reasoning && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {complaint.reasoning}
        </Typography>
      )}
    </Alert>
  );
}

/** One statement of reasons (EU DSA Art. 17): what was restricted, on which ground, why, and her options. */
export function StudioStatementCard({ statement: s }: { statement: StudioStatement }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const heading = `statement-${s.id}`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={heading} sx={{ p: 2 }}>
      <Typography id={heading} variant="h6" component="h2">
        {t('studio.statements.heading', { id: s.notice_id, date: day(s.created_at, locale) })}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        {t('studio.statements.restricted')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {s.restricted.map((r) => (
          <li key={`${r.kind}-${r.title}`}>
            {t('studio.statements.item', { kind: t(`studio.statements.kind_${r.kind}`), title: r.title })}
          </li>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        {t('studio.statements.ground')}
      </Typography>
      <Typography>{t(`studio.statements.ground_${s.ground}`)}</Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        {t('studio.statements.reasoning')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{s.reasoning}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t(s.automated ? 'studio.statements.automated_yes' : 'studio.statements.automated_no')}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        {t('studio.statements.redress')}
      </Typography>
      <Typography variant="body2">
        {t('studio.statements.redress_text', { date: day(s.complaint_until, locale) })}
      </Typography>
      {s.complaint ? (
        <ComplaintState complaint={s.complaint} locale={locale} />
      ) : s.can_complain ? (
        <StudioComplaintForm statementId={s.id} />
      ) : (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('studio.statements.closed')}
        </Alert>
      )}
    </Paper>
  );
}
