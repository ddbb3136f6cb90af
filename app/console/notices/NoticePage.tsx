import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { NoticeDetail, NoticeTarget } from '#common/api/admin-notices.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { noticeQuery, utc } from './api.ts';
import { ComplaintCard } from './ComplaintCard.tsx';
import { categoryName } from './categories.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { noticesTexts } from './texts.ts';

const block = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

function Target({ target }: { target: NoticeTarget }) {
  const t = useTexts(noticesTexts);
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {target.kind === 'other' ? t.kind('other') : `${t.kind(target.kind)}: ${target.title ?? ''}`}
      </Typography>
      {target.kind !== 'other' && (
        <Typography color="text.secondary">
          {[target.kind !== 'show' && target.showName ? t.ofShow(target.showName) : '', target.status ?? '']
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      <Typography sx={{ overflowWrap: 'anywhere' }} color="text.secondary">
        {target.url}
      </Typography>
      {target.publicPath && (
        <MuiLink href={target.publicPath} target="_blank" rel="noreferrer">
          {t.openPublic}
        </MuiLink>
      )}
    </Box>
  );
}

function Decided({ notice }: { notice: NoticeDetail }) {
  const t = useTexts(noticesTexts);
  const ground = { illegal: t.groundIllegal, terms: t.groundTerms, none: t.groundNone }[notice.ground ?? 'none'];
  const action = notice.action === 'remove' ? t.removed : t.kept;
  return (
    <>
      <Typography>
        {t.decidedSummary(action, ground, notice.decidedByName ?? t.someone, utc(notice.decidedAt))}
      </Typography>
      {notice.effect && (notice.effect === 'removed') !== (notice.action === 'remove') && (
        <Typography>{t.effectNow(notice.effect === 'removed' ? t.removed : t.kept)}</Typography>
      )}
      <Typography sx={block}>{notice.reasoning}</Typography>
    </>
  );
}

/** /admin/notices/:id: what the notice names and says, its decision (or the form), its complaints. */
export default function NoticePage() {
  const t = useTexts(noticesTexts);
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const notice = useQuery({ ...noticeQuery(id), enabled: valid });
  const n = notice.data;
  return (
    <ConsolePage
      title={t.noticeTitle(valid ? id : 0)}
      loading={valid && notice.isPending}
      error={valid ? notice.error : new Error('not found')}
      actions={
        <Button component={Link} to="/admin/notices" variant="outlined">
          {t.backToList}
        </Button>
      }
    >
      {n && (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {t.received(utc(n.createdAt))} · {categoryName(locale, n.category)}
          </Typography>
          <Section title={t.content}>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {n.targets.map((target) => (
                <Target key={target.id} target={target} />
              ))}
            </Box>
          </Section>
          <Section title={t.notifier}>
            <Typography>
              {n.name ? `${n.name} (${n.email ?? t.noEmail})` : n.email ? n.email : t.notifierAnonymous}
            </Typography>
            <Typography variant="subtitle2" component="h3">
              {t.explanation}
            </Typography>
            <Typography sx={block}>{n.explanation}</Typography>
          </Section>
          {n.status === 'open' ? (
            <Card variant="outlined">
              <CardContent>
                <DecisionForm noticeId={n.id} />
              </CardContent>
            </Card>
          ) : (
            <Section title={t.decisionTitle}>
              <Decided notice={n} />
            </Section>
          )}
          {n.status === 'decided' && (
            <Section title={t.complaintsTitle}>
              {n.complaints.length === 0 && <Typography>{t.noComplaintsHere}</Typography>}
              {n.complaints.map((c) => (
                <ComplaintCard key={c.id} complaint={c} mayDecide={n.mayDecideComplaints} />
              ))}
            </Section>
          )}
        </Stack>
      )}
    </ConsolePage>
  );
}
