import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import {
  type ComplaintDecisionBody,
  type DecisionResult,
  type NoticeComplaint,
  REASONING_MAX,
} from '#common/api/admin-notices.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { utc } from './api.ts';
import { noticesTexts } from './texts.ts';

type Outcome = 'upheld' | 'rejected';

/** A complaint about the decision: what she wrote, its outcome, or (to another moderator) the form to decide it. */
export function ComplaintCard({ complaint, mayDecide }: { complaint: NoticeComplaint; mayDecide: boolean }) {
  const t = useTexts(noticesTexts);
  const headId = useId();
  const state = { open: t.complaintOpen, upheld: t.complaintUpheld, rejected: t.complaintRejected }[complaint.status];
  return (
    <Card variant="outlined" id={`complaint-${complaint.id}`} component="article" aria-labelledby={headId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id={headId} variant="subtitle1" component="h3">
            {t.complaintHead(complaint.id, t.partyName(complaint.party), utc(complaint.createdAt))}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{complaint.text}</Typography>
          <Typography color="text.secondary">
            {state}
            {complaint.decidedAt ? ` (${complaint.decidedByName ?? t.someone}, ${utc(complaint.decidedAt)})` : ''}
          </Typography>
          {complaint.reasoning && (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{complaint.reasoning}</Typography>
          )}
          {complaint.status === 'open' &&
            (mayDecide ? (
              <ComplaintForm complaintId={complaint.id} />
            ) : (
              <Alert severity="info">{t.sameModerator}</Alert>
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ComplaintForm({ complaintId }: { complaintId: number }) {
  const t = useTexts(noticesTexts);
  const { field } = useErrorText();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [reasoning, setReasoning] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; reasoning?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const decide = useConsoleAction<ComplaintDecisionBody, DecisionResult>({
    method: 'POST',
    path: () => `notices/complaints/${complaintId}/decision`,
    body: (vars) => vars,
    invalidates: [
      ['console', 'notices'],
      ['console', 'dashboard'],
    ],
    done: (result) => (result.outcome === 'repeat' ? t.repeated : t.complaintDecided),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!outcome) found.outcome = t.chooseOne;
    if (!reasoning.trim()) found.reasoning = field('errors.validations.required');
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = () => {
    if (!outcome) return;
    setRefusal(null);
    decide.mutate(
      { outcome, reasoning },
      {
        onSettled: () => setConfirming(false),
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          if (err.status === 422) {
            const keys = err.fieldErrors();
            setErrors({ outcome: field(keys.outcome), reasoning: field(keys.reasoning) });
          }
          if (err.status === 403 && err.body?.message === 'same_moderator') setRefusal(t.sameModerator);
          if (err.status === 409) setRefusal(t.complaintAlreadyDecided);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {refusal && <Alert severity="warning">{refusal}</Alert>}
        <FormControl error={Boolean(errors.outcome)} required>
          <FormLabel id={`${id}-outcome`}>{t.outcomeLegend}</FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-outcome`}
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as Outcome)}
          >
            <FormControlLabel value="upheld" control={<Radio />} label={t.outcomeUpheld} />
            <FormControlLabel value="rejected" control={<Radio />} label={t.outcomeRejected} />
          </RadioGroup>
          {errors.outcome && <FormHelperText>{errors.outcome}</FormHelperText>}
        </FormControl>
        <TextField
          label={t.complaintReasoningLabel}
          value={reasoning}
          onChange={(e) => setReasoning(e.target.value)}
          multiline
          minRows={4}
          required
          error={Boolean(errors.reasoning)}
          helperText={errors.reasoning ?? t.reasoningHint(REASONING_MAX)}
          slotProps={{ htmlInput: { maxLength: REASONING_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={decide.isPending}>
            {t.complaintSubmit}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t.confirmComplaintTitle}
        text={outcome === 'upheld' ? t.confirmUpheld : t.confirmRejected}
        confirm={t.confirm}
        cancel={t.cancel}
        pending={decide.isPending}
        tone="warning"
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
