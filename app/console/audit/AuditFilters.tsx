import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTexts } from '../locale.tsx';
import { type AuditFilterFields, auditOperatorsQuery } from './api.ts';
import { auditTexts } from './texts.ts';

const EMPTY: AuditFilterFields = { operator: '', action: '', type: '', subject: '' };

/**
 * The log's filter: the operator who acted, the start of the action, the record (type, and number
 * within it). Applied on "Show" (the server filters; the address keeps it); `invalid` marks the
 * fields the server refused.
 */
export function AuditFilters(props: {
  value: AuditFilterFields;
  invalid: Partial<Record<keyof AuditFilterFields, boolean>>;
  onApply: (filter: AuditFilterFields) => void;
}) {
  const t = useTexts(auditTexts);
  const team = useQuery(auditOperatorsQuery);
  const [draft, setDraft] = useState(props.value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply({
      operator: draft.operator,
      action: draft.action.trim(),
      type: draft.type.trim(),
      subject: draft.subject.trim(),
    });
  };
  const text = (name: 'action' | 'type' | 'subject', label: string, hint: string, bad: string, max: number) => (
    <TextField
      label={label}
      name={name}
      size="small"
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      error={Boolean(props.invalid[name])}
      helperText={props.invalid[name] ? bad : hint}
      slotProps={{ htmlInput: { maxLength: max, spellCheck: false, autoCapitalize: 'off' } }}
    />
  );
  return (
    <Box
      component="form"
      role="search"
      aria-label={t.filters}
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr)) auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        select
        label={t.operator}
        name="operator"
        size="small"
        value={draft.operator}
        onChange={(e) => setDraft({ ...draft, operator: e.target.value })}
        error={Boolean(props.invalid.operator)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t.anyOperator}</option>
        {team.data?.operators.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.displayName} ({o.email})
          </option>
        ))}
      </TextField>
      {text('action', t.action, t.actionHint, t.actionInvalid, 60)}
      {text('type', t.subjectType, t.subjectTypeHint, t.subjectTypeInvalid, 40)}
      {text('subject', t.subjectId, t.subjectIdHint, t.subjectIdInvalid, 64)}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          {t.apply}
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY);
            props.onApply(EMPTY);
          }}
        >
          {t.reset}
        </Button>
      </Box>
    </Box>
  );
}
