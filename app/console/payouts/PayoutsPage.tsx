import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GeneratedStatements, PayoutMonth } from '#common/api/admin-payouts.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { overviewQuery, payoutRefusal } from './queries.ts';
import { StatementsGrid } from './StatementsGrid.tsx';
import { euros, payoutTexts } from './texts.ts';

/** The month shown first: the newest with statements, else the newest closed one. */
const firstMonth = (months: PayoutMonth[]) => (months.find((m) => m.statements > 0) ?? months[0])?.period ?? null;

/**
 * Performer payouts (/admin/payouts?month=YYYY-MM): a month picker, the month's counts and sums,
 * making its statements and the bank run's CSV, and its statements, each due one to be marked paid.
 */
export default function PayoutsPage() {
  const t = useTexts(payoutTexts);
  const { locale } = useLocale();
  const overview = useQuery(overviewQuery);
  const [params, setParams] = useSearchParams();
  const months = overview.data?.months ?? [];
  const asked = params.get('month');
  const period = months.some((m) => m.period === asked) ? asked : firstMonth(months);
  const month = months.find((m) => m.period === period) ?? null;
  return (
    <ConsolePage title={t.title} loading={overview.isPending} error={overview.error}>
      {overview.data && (
        <Typography>{t.intro(overview.data.centsPerCoin, euros(locale, overview.data.minimumCents))}</Typography>
      )}
      {overview.data && <Typography color="text.secondary">{t.current(overview.data.current)}</Typography>}
      <TextField
        select
        label={t.month}
        value={period ?? ''}
        onChange={(e) => setParams({ month: e.target.value }, { replace: true })}
        sx={{ maxWidth: 320 }}
      >
        {months.map((m) => (
          <MenuItem key={m.period} value={m.period}>
            {t.monthOption(m.period, m.statements)}
          </MenuItem>
        ))}
      </TextField>
      {month && <MonthSection month={month} />}
    </ConsolePage>
  );
}

function MonthSection({ month }: { month: PayoutMonth }) {
  const t = useTexts(payoutTexts);
  const { locale } = useLocale();
  const [asking, setAsking] = useState(false);
  const generate = useConsoleAction<{ period: string }, GeneratedStatements>({
    method: 'POST',
    path: () => 'payouts/generate',
    body: (vars) => vars,
    invalidates: [['console', 'payouts']],
    done: (r) => (r.outcome === 'repeat' ? t.repeated : r.created > 0 ? t.generated(r.created) : t.generatedNone),
    onDone: () => setAsking(false),
  });
  const { period } = month;
  return (
    <Box component="section" aria-labelledby="payout-month" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="payout-month" variant="h6" component="h2">
        {t.statements(period)}
      </Typography>
      {month.statements > 0 ? (
        <Typography>
          {t.counts(
            month.due,
            euros(locale, month.dueCents),
            month.paid,
            euros(locale, month.paidCents),
            month.carried,
          )}
        </Typography>
      ) : (
        <Typography>{t.empty}</Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {month.canGenerate && (
          <Button variant="contained" onClick={() => setAsking(true)}>
            {t.generate(period)}
          </Button>
        )}
        {month.statements > 0 && (
          <MuiLink href={`/api/admin/payouts/${period}/statements.csv`} download={`payouts-${period}.csv`}>
            {t.csv}
          </MuiLink>
        )}
      </Box>
      {month.statements > 0 && <StatementsGrid key={period} period={period} />}
      <ConfirmDialog
        open={asking}
        title={t.generateTitle(period)}
        confirm={t.generate(period)}
        cancel={t.cancel}
        pending={generate.isPending}
        refusal={payoutRefusal(t, generate.error, period)}
        onConfirm={() => generate.mutate({ period })}
        onClose={() => {
          generate.reset();
          setAsking(false);
        }}
      >
        <Typography>{t.generateText}</Typography>
      </ConfirmDialog>
    </Box>
  );
}
