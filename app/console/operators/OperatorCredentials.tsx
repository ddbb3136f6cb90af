import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ListedOperator, OperatorRenewed } from '#common/api/admin-operators.ts';
import { useTexts } from '../locale.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { CHANGED_BY_OPERATOR_ACTIONS, refusalText } from './api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { SecretsView } from './SecretsView.tsx';
import { Section } from './Section.tsx';
import { operatorsTexts } from './texts.ts';

type Kind = 'totp' | 'password';

/**
 * A new authenticator key or password for her, each after a confirmation; the new one is shown
 * once in a dialog that closes only by its button.
 */
export function OperatorCredentials({ operator }: { operator: ListedOperator }) {
  const t = useTexts(operatorsTexts);
  const [asking, setAsking] = useState<Kind | null>(null);
  const [shown, setShown] = useState<{ kind: Kind; result: OperatorRenewed } | null>(null);
  const renew = useConsoleAction<Kind, OperatorRenewed>({
    method: 'POST',
    path: (kind) => `operators/${operator.id}/${kind}`,
    invalidates: CHANGED_BY_OPERATOR_ACTIONS,
    done: (r) => (r.outcome === 'repeat' ? t.renewRepeat : undefined),
    onDone: (result, kind) => {
      setAsking(null);
      if (result.credentials) setShown({ kind, result });
    },
    failed: (err) => {
      setAsking(null);
      return refusalText(t, err);
    },
  });
  const name = operator.displayName;
  return (
    <Section title={t.credentials}>
      <Typography>{t.credentialsHint}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => setAsking('totp')}>
          {t.newTotp}
        </Button>
        <Button variant="outlined" onClick={() => setAsking('password')}>
          {t.newPassword}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'password' ? t.passwordConfirmTitle(name) : t.totpConfirmTitle(name)}
        text={t.renewConfirm}
        confirm={asking === 'password' ? t.newPassword : t.newTotp}
        danger
        busy={renew.isPending}
        onConfirm={() => asking && renew.mutate(asking)}
        onClose={() => setAsking(null)}
      />
      <Dialog open={shown !== null} aria-labelledby="renewed-title" fullWidth maxWidth="sm">
        <DialogTitle id="renewed-title">
          {shown?.kind === 'password' ? t.passwordRenewedTitle(name) : t.totpRenewedTitle(name)}
        </DialogTitle>
        <DialogContent>
          {shown?.result.credentials && (
            <SecretsView credentials={shown.result.credentials} note={t.sessionsEnded(shown.result.sessionsEnded)} />
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setShown(null)}>
            {t.handedOver}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
