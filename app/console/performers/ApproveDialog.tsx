import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import {
  type ApproveApplicationBody,
  type DecisionAnswer,
  ID_TYPES,
  type PerformerApplication,
} from '#common/api/admin-performers.ts';
import { useTexts } from '../locale.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { useDecisionErrors } from './decision-errors.ts';
import { performerTexts } from './texts.ts';

const today = () => new Date().toISOString().slice(0, 10);
const FIELDS = ['legalName', 'dateOfBirth', 'idType', 'idNumber', 'checkedOn'] as const;

/**
 * Approval with the 2257 record: the data as her document shows it, then a confirmation, since
 * approval lists her show at once. Refusals of the record's rules are shown at their fields.
 */
export function ApproveDialog(props: { application: PerformerApplication; open: boolean; onClose: () => void }) {
  const { application, open, onClose } = props;
  const t = useTexts(performerTexts);
  const [form, setForm] = useState<Required<ApproveApplicationBody>>({
    legalName: '',
    dateOfBirth: '',
    idType: '',
    idNumber: '',
    checkedOn: today(),
  });
  const [confirming, setConfirming] = useState(false);
  const approve = useConsoleAction<ApproveApplicationBody, DecisionAnswer>({
    method: 'POST',
    path: () => `performers/${application.id}/approve`,
    body: (vars) => vars,
    invalidates: [['console', 'performers']],
    done: (result) => (result.outcome === 'repeat' ? t.repeat : t.approved),
    onDone: () => onClose(),
  });
  const { fieldText, refusal } = useDecisionErrors(approve.error);
  const close = () => {
    setConfirming(false);
    onClose();
  };
  const set = (field: (typeof FIELDS)[number]) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const field = (name: (typeof FIELDS)[number]) => ({
    id: `approve-${name}`,
    name,
    value: form[name],
    onChange: set(name),
    label: t[name],
    error: Boolean(fieldText(name)),
    helperText: fieldText(name),
    fullWidth: true,
  });
  return (
    <Dialog open={open} onClose={close} aria-labelledby="approve-title" fullWidth maxWidth="sm">
      <DialogTitle id="approve-title">{t.approveTitle}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <DialogContentText>{t.approveConfirm(application.showName)}</DialogContentText>
        ) : (
          <Stack
            component="form"
            id="approve-form"
            noValidate
            spacing={2}
            sx={{ pt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              setConfirming(true);
            }}
          >
            <DialogContentText>{t.approveIntro}</DialogContentText>
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <TextField {...field('legalName')} autoComplete="off" slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField {...field('dateOfBirth')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
            <TextField
              {...field('idType')}
              select
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" />
              {ID_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t[`idType_${x}`]}
                </option>
              ))}
            </TextField>
            <TextField {...field('idNumber')} autoComplete="off" slotProps={{ htmlInput: { maxLength: 40 } }} />
            <TextField {...field('checkedOn')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
            <DialogContentText variant="body2">{t.custodian(application.custodian)}</DialogContentText>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)}>{t.back}</Button>
            <Button
              variant="contained"
              disabled={approve.isPending}
              onClick={() =>
                approve.mutate(form, {
                  onError: () => setConfirming(false),
                })
              }
            >
              {t.approve}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>{t.cancel}</Button>
            <Button type="submit" form="approve-form" variant="contained">
              {t.approve}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
