import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import {
  type DecisionResult,
  GROUND_MISMATCH,
  groundFits,
  type NoticeAction,
  type NoticeDecisionBody,
  type NoticeGround,
  REASONING_MAX,
} from '#common/api/admin-notices.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { noticesTexts } from './texts.ts';

type Errors = Partial<Record<'action' | 'ground' | 'reasoning' | 'automated', string>>;

/** The decision on an open notice: what happens, on which ground, why; confirmed before it is sent. */
export function DecisionForm({ noticeId }: { noticeId: number }) {
  const t = useTexts(noticesTexts);
  const { field } = useErrorText();
  const [action, setAction] = useState<NoticeAction | ''>('');
  const [ground, setGround] = useState<NoticeGround | ''>('');
  const [reasoning, setReasoning] = useState('');
  const [byHand, setByHand] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const decide = useConsoleAction<NoticeDecisionBody, DecisionResult>({
    method: 'POST',
    path: () => `notices/${noticeId}/decision`,
    body: (vars) => vars,
    invalidates: [
      ['console', 'notices'],
      ['console', 'dashboard'],
    ],
    done: (result) => (result.outcome === 'repeat' ? t.repeated : t.decided),
  });

  const fieldText = (key: string | undefined) =>
    key === GROUND_MISMATCH ? t.groundMismatch : key === 'errors.console.automated' ? t.automatedRequired : field(key);

  const check = (): Errors => {
    const found: Errors = {};
    if (!action) found.action = t.chooseOne;
    if (!ground) found.ground = t.chooseOne;
    else if (action && !groundFits(action, ground)) found.ground = t.groundMismatch;
    if (!reasoning.trim()) found.reasoning = field('errors.validations.required');
    else if (reasoning.trim().length > REASONING_MAX) found.reasoning = field('errors.validations.too_long');
    if (!byHand) found.automated = t.automatedRequired;
    return found;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = () => {
    if (!action || !ground) return;
    setRefusal(null);
    decide.mutate(
      { action, ground, reasoning, automated: false },
      {
        onSettled: () => setConfirming(false),
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          if (err.status === 422) {
            const keys = err.fieldErrors();
            setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, fieldText(v)])));
          }
          if (err.status === 409) setRefusal(t.alreadyDecided);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="decision-title">
      <Stack spacing={2}>
        <Typography id="decision-title" variant="h6" component="h2">
          {t.decisionTitle}
        </Typography>
        {refusal && <Alert severity="warning">{refusal}</Alert>}
        <FormControl error={Boolean(errors.action)} required>
          <FormLabel id="action-label">{t.actionLegend}</FormLabel>
          <RadioGroup
            aria-labelledby="action-label"
            value={action}
            onChange={(e) => setAction(e.target.value as NoticeAction)}
          >
            <FormControlLabel value="remove" control={<Radio />} label={t.actionRemove} />
            <FormControlLabel value="keep" control={<Radio />} label={t.actionKeep} />
          </RadioGroup>
          {errors.action && <FormHelperText>{errors.action}</FormHelperText>}
        </FormControl>
        <FormControl error={Boolean(errors.ground)} required>
          <FormLabel id="ground-label">{t.groundLegend}</FormLabel>
          <RadioGroup
            aria-labelledby="ground-label"
            value={ground}
            onChange={(e) => setGround(e.target.value as NoticeGround)}
          >
            <FormControlLabel value="illegal" control={<Radio />} label={t.groundIllegal} />
            <FormControlLabel value="terms" control={<Radio />} label={t.groundTerms} />
            <FormControlLabel value="none" control={<Radio />} label={t.groundNone} />
          </RadioGroup>
          {errors.ground && <FormHelperText>{errors.ground}</FormHelperText>}
        </FormControl>
        <TextField
          label={t.reasoningLabel}
          value={reasoning}
          onChange={(e) => setReasoning(e.target.value)}
          multiline
          minRows={5}
          required
          error={Boolean(errors.reasoning)}
          helperText={errors.reasoning ?? t.reasoningHint(REASONING_MAX)}
          slotProps={{ htmlInput: { maxLength: REASONING_MAX } }}
        />
        <FormControl error={Boolean(errors.automated)} required>
          <FormControlLabel
            control={<Checkbox checked={byHand} onChange={(e) => setByHand(e.target.checked)} />}
            label={t.automated}
          />
          {errors.automated && <FormHelperText>{errors.automated}</FormHelperText>}
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" loading={decide.isPending}>
            {t.decideSubmit}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        text={action === 'remove' ? t.confirmRemove : t.confirmKeep}
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
