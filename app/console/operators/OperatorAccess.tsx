import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ListedOperator, OperatorChanged } from '#common/api/admin-operators.ts';
import { useTexts } from '../locale.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { CHANGED_BY_OPERATOR_ACTIONS, refusalText } from './api.ts';
import { Section } from './Section.tsx';
import { operatorsTexts } from './texts.ts';

/** Whether she can sign in, and disable (her sessions end at once) or enable, each after a confirmation. */
export function OperatorAccess({ operator, self }: { operator: ListedOperator; self: boolean }) {
  const t = useTexts(operatorsTexts);
  const [asking, setAsking] = useState(false);
  // What the dialog asks stays as it was opened while it closes (her state changes meanwhile).
  const [enabling, setEnabling] = useState(operator.disabled);
  const enable = operator.disabled;
  const change = useConsoleAction<boolean, OperatorChanged>({
    method: 'POST',
    path: (on) => `operators/${operator.id}/${on ? 'enable' : 'disable'}`,
    invalidates: CHANGED_BY_OPERATOR_ACTIONS,
    done: (r, on) => {
      if (r.outcome === 'unchanged') return t.unchanged;
      if (r.outcome === 'repeat') return t.repeat;
      return on ? t.enabledDone : t.disabledDone(r.sessionsEnded);
    },
    onDone: () => setAsking(false),
    failed: (err) => {
      setAsking(false);
      return refusalText(t, err);
    },
  });
  const ownDisable = self && !enable;
  return (
    <Section title={t.access}>
      <Typography>{enable ? t.accessDisabled : t.accessEnabled}</Typography>
      <Button
        variant="outlined"
        color={enable ? 'primary' : 'error'}
        onClick={() => {
          setEnabling(enable);
          setAsking(true);
        }}
        disabled={ownDisable}
        aria-describedby={ownDisable ? 'own-disable-hint' : undefined}
      >
        {enable ? t.enable : t.disable}
      </Button>
      {ownDisable && (
        <Typography id="own-disable-hint" variant="body2" color="text.secondary">
          {t.ownDisableHint}
        </Typography>
      )}
      <ConfirmDialog
        open={asking}
        title={enabling ? t.enableConfirmTitle(operator.displayName) : t.disableConfirmTitle(operator.displayName)}
        text={enabling ? t.enableConfirm : t.disableConfirm}
        confirm={enabling ? t.enable : t.disable}
        cancel={t.cancel}
        tone={enabling ? 'primary' : 'error'}
        pending={change.isPending}
        onConfirm={() => change.mutate(enabling)}
        onClose={() => setAsking(false)}
      />
    </Section>
  );
}
