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
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { CHANGED_BY_OPERATOR_ACTIONS, refusalText } from './api.ts';
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
  const [asking, setAsking] = useState(false);
  // What the dialog asks stays as it was opened while it closes.
  const [kind, setKind] = useState<Kind>('totp');
  const ask = (next: Kind) => {
    setKind(next);
    setAsking(true);
  };
  const [shown, setShown] = useState<{ kind: Kind; result: OperatorRenewed } | null>(null);
  const [showing, setShowing] = useState(false);
  const renew = useConsoleAction<Kind, OperatorRenewed>({
    method: 'POST',
    path: (kind) => `operators/${operator.id}/${kind}`,
    invalidates: CHANGED_BY_OPERATOR_ACTIONS,
    done: (r) => (r.outcome === 'repeat' ? t.renewRepeat : undefined),
    onDone: (result, renewed) => {
      setAsking(false);
      if (result.credentials) {
        setShown({ kind: renewed, result });
        setShowing(true);
      }
    },
    failed: (err) => {
      setAsking(false);
      return refusalText(t, err);
    },
  });
  const name = operator.displayName;
  return (
    <Section title={t.credentials}>
      <Typography>{t.credentialsHint}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => ask('totp')}>
          {t.newTotp}
        </Button>
        <Button variant="outlined" onClick={() => ask('password')}>
          {t.newPassword}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        title={kind === 'password' ? t.passwordConfirmTitle(name) : t.totpConfirmTitle(name)}
        text={t.renewConfirm}
        confirm={kind === 'password' ? t.newPassword : t.newTotp}
        cancel={t.cancel}
        tone="error"
        pending={renew.isPending}
        onConfirm={() => renew.mutate(kind)}
        onClose={() => setAsking(false)}
      />
      <Dialog
        open={showing}
        aria-labelledby="renewed-title"
        fullWidth
        maxWidth="sm"
        // The secret leaves the page once the dialog has faded out.
        slotProps={{ transition: { onExited: () => setShown(null) } }}
      >
        <DialogTitle id="renewed-title">
          {shown?.kind === 'password' ? t.passwordRenewedTitle(name) : t.totpRenewedTitle(name)}
        </DialogTitle>
        <DialogContent>
          {shown?.result.credentials && (
            <SecretsView credentials={shown.result.credentials} note={t.sessionsEnded(shown.result.sessionsEnded)} />
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setShowing(false)}>
            {t.handedOver}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
