import Button from '@mui/material/Button';
import { useState } from 'react';
import type { ListedOperator, OperatorChanged, OperatorRolesBody } from '#common/api/admin-operators.ts';
import type { OperatorRole } from '#common/domain/console-policy.ts';
import { useTexts } from '../locale.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { CHANGED_BY_OPERATOR_ACTIONS, refusalText } from './api.ts';
import { RoleChecks } from './RoleChecks.tsx';
import { Section } from './Section.tsx';
import { operatorsTexts } from './texts.ts';

const sameRoles = (a: readonly OperatorRole[], b: readonly OperatorRole[]) =>
  a.length === b.length && a.every((r) => b.includes(r));

/**
 * Her roles, ticked, and "Save roles". Her own admin role cannot be unticked (the server refuses
 * it too, and the last enabled administrator's). Mounted anew when her roles change.
 */
export function OperatorRoles({ operator, self }: { operator: ListedOperator; self: boolean }) {
  const t = useTexts(operatorsTexts);
  const [roles, setRoles] = useState<OperatorRole[]>(operator.roles);
  const save = useConsoleAction<OperatorRolesBody, OperatorChanged>({
    method: 'PUT',
    path: () => `operators/${operator.id}/roles`,
    body: (vars) => vars,
    invalidates: CHANGED_BY_OPERATOR_ACTIONS,
    done: (r) => (r.outcome === 'done' ? t.rolesSaved : r.outcome === 'unchanged' ? t.unchanged : t.repeat),
    failed: (err) => refusalText(t, err),
  });
  return (
    <Section title={t.roles}>
      <RoleChecks
        label={t.roles}
        quietLabel
        value={roles}
        onChange={setRoles}
        error={roles.length === 0 ? t.rolesRequired : undefined}
        locked={self && operator.roles.includes('admin') ? ['admin'] : []}
        lockedHint={t.ownAdminHint}
        disabled={save.isPending}
      />
      <Button
        variant="contained"
        onClick={() => save.mutate({ roles })}
        disabled={roles.length === 0 || sameRoles(roles, operator.roles)}
        loading={save.isPending}
      >
        {t.rolesSubmit}
      </Button>
    </Section>
  );
}
