import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { type NewOperatorBody, OPERATOR_NAME_MAX, type OperatorCreated } from '#common/api/admin-operators.ts';
import { REQUIRED } from '#common/api/fields.ts';
import type { OperatorRole } from '#common/domain/console-policy.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { CHANGED_BY_OPERATOR_ACTIONS, refusalText } from './api.ts';
import { RoleChecks } from './RoleChecks.tsx';
import { SecretsView } from './SecretsView.tsx';
import { operatorsTexts } from './texts.ts';

type Draft = { email: string; name: string; roles: OperatorRole[] };
type Errors = Partial<Record<keyof Draft, string>>;
const EMPTY: Draft = { email: '', name: '', roles: [] };

/** What the form can tell before asking the server (which checks it all again). */
function check(t: (typeof operatorsTexts)['en'], draft: Draft, required: string): Errors {
  const errors: Errors = {};
  if (!draft.email.trim()) errors.email = required;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) errors.email = t.emailInvalid;
  if (!draft.name.trim()) errors.name = required;
  if (draft.roles.length === 0) errors.roles = t.rolesRequired;
  return errors;
}

/**
 * "Add operator": e-mail, name and roles; once added, the same dialog shows her password and
 * authenticator key, once, with a copy button each, and closes only by its button (no click
 * beside it loses them).
 */
export function AddOperatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTexts(operatorsTexts);
  const { field } = useErrorText();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<OperatorCreated | null>(null);
  const add = useConsoleAction<NewOperatorBody, OperatorCreated>({
    method: 'POST',
    path: () => 'operators',
    body: (vars) => vars,
    invalidates: CHANGED_BY_OPERATOR_ACTIONS,
    onDone: (result) => setCreated(result),
    failed: (err) => {
      if (!(err instanceof ApiError)) return undefined;
      const fromServer = err.fieldErrors();
      if (err.status === 409 && err.body?.message === 'email_taken') {
        setErrors({ email: t.emailTaken });
        return null;
      }
      if (err.status === 422 && Object.keys(fromServer).length) {
        setErrors({
          email: field(fromServer.email),
          name: field(fromServer.name),
          roles: fromServer.roles ? t.rolesRequired : undefined,
        });
        return null;
      }
      return refusalText(t, err);
    },
  });
  // Emptied once the dialog has faded out (the secrets with it), so it does not change while it goes.
  const reset = () => {
    setDraft(EMPTY);
    setErrors({});
    setCreated(null);
    add.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(t, draft, field(REQUIRED) ?? '');
    setErrors(found);
    if (Object.keys(found).length === 0)
      add.mutate({ email: draft.email.trim(), name: draft.name.trim(), roles: draft.roles });
  };
  const secrets = created?.credentials;
  return (
    <Dialog
      open={open}
      onClose={() => {
        // The secrets go only by the button: a click beside the dialog or Escape would lose them.
        if (!secrets) onClose();
      }}
      slotProps={{ transition: { onExited: reset } }}
      aria-labelledby="add-operator-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="add-operator-title">
        {created?.operator ? t.addedTitle(created.operator.displayName) : t.addTitle}
      </DialogTitle>
      {created ? (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            {created.operator && <Typography>{created.operator.email}</Typography>}
            {secrets ? <SecretsView credentials={secrets} /> : <Alert severity="info">{t.addRepeat}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t.handedOver}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
            <Typography color="text.secondary">{t.addHint}</Typography>
            <TextField
              label={t.email}
              name="email"
              type="email"
              autoComplete="off"
              required
              autoFocus
              value={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.value })}
              error={Boolean(errors.email)}
              helperText={errors.email}
              slotProps={{ htmlInput: { maxLength: 254 } }}
            />
            <TextField
              label={t.name}
              name="name"
              autoComplete="off"
              required
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              error={Boolean(errors.name)}
              helperText={errors.name ?? t.nameHint}
              slotProps={{ htmlInput: { maxLength: OPERATOR_NAME_MAX } }}
            />
            <RoleChecks
              label={t.roles}
              value={draft.roles}
              onChange={(roles) => setDraft({ ...draft, roles })}
              error={errors.roles}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t.cancel}</Button>
            <Button type="submit" variant="contained" loading={add.isPending}>
              {t.addSubmit}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
