import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { MemberAccount } from '#common/api/admin-members.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { useMay } from '../session.ts';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { useBlockAction } from './actions.ts';
import { CloseDialog } from './CloseDialog.tsx';
import { CorrectionDialog } from './CorrectionDialog.tsx';
import { count, utcTime } from './format.ts';
import { LedgerList, OrdersList, PurchasesList, SessionsList } from './MemberLists.tsx';
import { memberQuery } from './queries.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { SecondFactorResetDialog } from './SecondFactorReset.tsx';
import { secondFactorTexts } from './second-factor-texts.ts';
import { type MembersTexts, membersTexts } from './texts.ts';
import { statusText } from './words.ts';

/** A member's page: her account, the actions her roles allow, and her lists. */
export function MemberPage() {
  const t = useTexts(membersTexts);
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const member = useQuery({ ...memberQuery(id), enabled: id > 0 });
  const account = member.data?.account;
  const name = account ? (account.nickname ?? account.name ?? account.email) : '';
  const back = (
    <MuiLink component={Link} to="/admin/members">
      {t.backToSearch}
    </MuiLink>
  );
  if (!id) return <ConsolePage title={t.title} error={new Error('not found')} />;
  return (
    <ConsolePage
      title={account ? t.memberTitle(name) : t.title}
      loading={member.isPending}
      error={member.error}
      actions={back}
    >
      {account && member.data ? (
        <>
          <Facts account={account} secondFactor={member.data.second_factor ?? null} />
          <Actions account={account} secondFactor={member.data.second_factor ?? null} />
          <LedgerList memberId={id} />
          <OrdersList memberId={id} />
          <SessionsList sessions={member.data.sessions} />
          <PurchasesList memberId={id} />
        </>
      ) : null}
    </ConsolePage>
  );
}

/** `secondFactor`: her authenticator app is on, as the detail says (null: it did not say). */
function Facts({ account: a, secondFactor }: { account: MemberAccount; secondFactor: boolean | null }) {
  const t = useTexts(membersTexts);
  const sf = useTexts(secondFactorTexts);
  const { locale } = useLocale();
  const yesNo = (v: boolean) => (v ? t.yes : t.no);
  const facts: [string, React.ReactNode][] = [
    [t.fId, String(a.id)],
    [t.fEmail, a.email],
    [t.fUsername, a.name ?? '—'],
    [t.fNickname, a.nickname ?? '—'],
    [t.fStatus, statusText(t, a.status)],
    [t.fCreated, utcTime(a.createdAt)],
    [t.fVerified, yesNo(a.isVerified)],
    [t.fAge, a.ageVerifiedAt ? utcTime(a.ageVerifiedAt) : t.no],
    [t.fLanguage, a.locale],
    ...(secondFactor === null ? [] : [[sf.fSecondFactor, secondFactor ? sf.on : sf.off] as [string, string]]),
    [t.fBalance, t.coins(count(locale, a.balance))],
    [
      t.fWallet,
      a.flagged ? (
        <Typography key="flagged" component="span" color="error" sx={{ fontWeight: 600 }}>
          {t.walletFlagged}
        </Typography>
      ) : (
        t.walletOk
      ),
    ],
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="member-account">
      <CardContent>
        <Typography id="member-account" variant="h6" component="h2">
          {t.account}
        </Typography>
        <Box
          component="dl"
          data-facts
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: { xs: 0, sm: 0.5 },
            m: 0,
            '& dt': { fontWeight: 600 },
            '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

type Open = null | 'block' | 'unblock' | 'correction' | 'close' | 'second-factor';

/**
 * Block or unblock, closing, the correction and resetting her second factor, each in a dialog,
 * shown only to the roles that may.
 */
function Actions({ account, secondFactor }: { account: MemberAccount; secondFactor: boolean | null }) {
  const t = useTexts(membersTexts);
  const sf = useTexts(secondFactorTexts);
  const mayBlock = useMay('members');
  const mayCorrect = useMay('corrections');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const kind = account.status === 'blocked' ? 'unblock' : 'block';
  const blockable = account.status === 'active' || account.status === 'blocked';
  if (!mayBlock && !mayCorrect) return null;
  return (
    <Box component="section" aria-label={t.actions} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {mayBlock && blockable ? (
          <Button variant="outlined" color={kind === 'block' ? 'error' : 'primary'} onClick={() => setOpen(kind)}>
            {kind === 'block' ? t.blockButton : t.unblockButton}
          </Button>
        ) : null}
        {mayBlock && blockable ? (
          <Button variant="outlined" color="error" onClick={() => setOpen('close')}>
            {t.closeButton}
          </Button>
        ) : null}
        {mayCorrect ? (
          <Button variant="outlined" onClick={() => setOpen('correction')}>
            {t.correctionButton}
          </Button>
        ) : null}
        {mayBlock && secondFactor !== false ? (
          <Button variant="outlined" color="warning" onClick={() => setOpen('second-factor')}>
            {sf.resetButton}
          </Button>
        ) : null}
      </Box>
      {mayBlock && !blockable ? (
        <Alert severity="info">{account.status === 'closing' ? t.closingNote : t.cancelledNote}</Alert>
      ) : null}
      {open === 'block' || open === 'unblock' ? (
        <BlockDialog memberId={account.id} kind={open} t={t} onClose={close} />
      ) : null}
      {open === 'close' ? <CloseDialog memberId={account.id} onClose={close} /> : null}
      {open === 'correction' ? <CorrectionDialog memberId={account.id} onClose={close} /> : null}
      {open === 'second-factor' ? <SecondFactorResetDialog memberId={account.id} onClose={close} /> : null}
    </Box>
  );
}

function BlockDialog(props: { memberId: number; kind: 'block' | 'unblock'; t: MembersTexts; onClose: () => void }) {
  const { t, kind } = props;
  const action = useBlockAction(props.memberId, kind, props.onClose);
  return (
    <ReasonDialog
      open
      danger={kind === 'block'}
      title={kind === 'block' ? t.blockTitle : t.unblockTitle}
      hint={kind === 'block' ? t.blockHint : t.unblockHint}
      submit={kind === 'block' ? t.blockSubmit : t.unblockSubmit}
      pending={action.isPending}
      error={action.error}
      onSend={(reason) => action.mutate({ reason })}
      onClose={props.onClose}
    />
  );
}
