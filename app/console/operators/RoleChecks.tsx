import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { visuallyHidden } from '@mui/utils';
import { useId } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '#common/domain/console-policy.ts';
import { useLocale } from '../locale.tsx';
import { ROLE_TEXTS } from './texts.ts';

/** The roles as checkboxes, each with what it opens; `locked` ones cannot be unticked. */
export function RoleChecks(props: {
  label: string;
  value: readonly OperatorRole[];
  onChange: (roles: OperatorRole[]) => void;
  error?: string | undefined;
  locked?: readonly OperatorRole[];
  lockedHint?: string;
  disabled?: boolean;
  /** The legend for screen readers only, where a heading above says it already. */
  quietLabel?: boolean;
}) {
  const { locale } = useLocale();
  const id = useId();
  const toggle = (role: OperatorRole, on: boolean) =>
    props.onChange(OPERATOR_ROLES.filter((r) => (r === role ? on : props.value.includes(r))));
  const hint = props.error ?? (props.locked?.length ? props.lockedHint : undefined);
  return (
    <FormControl component="fieldset" error={Boolean(props.error)} disabled={props.disabled}>
      <FormLabel component="legend" sx={props.quietLabel ? visuallyHidden : undefined}>
        {props.label}
      </FormLabel>
      <FormGroup aria-describedby={hint ? `${id}-hint` : undefined}>
        {OPERATOR_ROLES.map((role) => {
          const locked = props.locked?.includes(role) && props.value.includes(role);
          return (
            <FormControlLabel
              key={role}
              control={
                <Checkbox
                  name={`role_${role}`}
                  checked={props.value.includes(role)}
                  onChange={(e) => toggle(role, e.target.checked)}
                  disabled={locked}
                />
              }
              label={
                <>
                  <strong>{ROLE_TEXTS[locale][role].name}</strong>: {ROLE_TEXTS[locale][role].hint}
                </>
              }
            />
          );
        })}
      </FormGroup>
      {hint && <FormHelperText id={`${id}-hint`}>{hint}</FormHelperText>}
    </FormControl>
  );
}
