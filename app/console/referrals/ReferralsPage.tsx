import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleReferralAnswer, ConsoleReferralCode } from '#common/api/admin-referrals.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { whole } from '../payouts/texts.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { IssueCodeDialog } from './IssueCodeDialog.tsx';
import { referralsQuery } from './queries.ts';
import { referralTexts } from './texts.ts';

/**
 * Referral codes (/admin/referrals): every code, the performers' and the platform's, with its
 * owner, show, state and figures; issuing a platform code and retiring any code.
 */
export default function ReferralsPage() {
  const t = useTexts(referralTexts);
  const { locale } = useLocale();
  const list = useQuery(referralsQuery);
  const [issuing, setIssuing] = useState(false);
  const [retiring, setRetiring] = useState<ConsoleReferralCode | null>(null);
  const retire = useConsoleAction<{ code: string }, ConsoleReferralAnswer>({
    method: 'POST',
    path: (vars) => `referrals/${encodeURIComponent(vars.code)}/retire`,
    invalidates: [['console', 'payouts', 'referrals']],
    done: (r) =>
      r.outcome === 'repeat' ? t.repeated : r.outcome === 'unchanged' ? t.unchanged : t.retired(r.code.code),
    onDone: () => setRetiring(null),
  });
  const count = (field: keyof ConsoleReferralCode, headerName: string): GridColDef<ConsoleReferralCode> => ({
    field,
    headerName,
    type: 'number',
    width: 130,
    valueFormatter: (v: number) => whole(locale, v),
  });
  const columns: GridColDef<ConsoleReferralCode>[] = [
    { field: 'code', headerName: t.colCode, width: 150 },
    {
      field: 'issuer',
      headerName: t.colOwner,
      width: 190,
      valueGetter: (_v, row) =>
        row.issuer === 'platform' ? t.ownerPlatform(row.operatorName ?? '–') : t.ownerPerformer,
    },
    { field: 'showName', headerName: t.colShow, flex: 1, minWidth: 140 },
    {
      field: 'state',
      headerName: t.colState,
      width: 120,
      valueFormatter: (v: ConsoleReferralCode['state']) => t[`state_${v}`],
    },
    count('uses', t.colUses),
    count('signUps', t.colSignUps),
    count('firstPurchases', t.colPurchases),
    count('firstPurchaseCoins', t.colCoins),
    {
      field: 'createdAt',
      headerName: t.colCreated,
      width: 120,
      valueFormatter: (v: string) => new Date(v).toLocaleDateString(locale === 'de' ? 'de-DE' : 'en-GB'),
    },
    {
      field: 'action',
      headerName: t.colAction,
      sortable: false,
      filterable: false,
      width: 150,
      renderCell: ({ row }) =>
        row.state === 'retired' ? null : (
          <Button size="small" color="error" aria-label={t.retireFor(row.code)} onClick={() => setRetiring(row)}>
            {t.retire}
          </Button>
        ),
    },
  ];
  return (
    <ConsolePage title={t.title} loading={list.isPending} error={list.error}>
      <Typography>{t.intro}</Typography>
      <Button variant="contained" onClick={() => setIssuing(true)} sx={{ justifySelf: 'start' }}>
        {t.issue}
      </Button>
      {list.data && (
        <ConsoleGrid<ConsoleReferralCode>
          label={t.grid}
          rows={list.data.codes}
          columns={columns}
          getRowId={(row) => row.code}
        />
      )}
      {issuing && <IssueCodeDialog onClose={() => setIssuing(false)} />}
      <ConfirmDialog
        open={retiring !== null}
        title={t.retireTitle(retiring?.code ?? '')}
        confirm={t.retire}
        cancel={t.cancel}
        pending={retire.isPending}
        onConfirm={() => retiring && retire.mutate({ code: retiring.code })}
        onClose={() => {
          retire.reset();
          setRetiring(null);
        }}
      >
        <Typography>{t.retireText}</Typography>
      </ConfirmDialog>
    </ConsolePage>
  );
}
