import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ListedOperator } from '#common/api/admin-operators.ts';
import { ApiError } from '../../api-error.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { useConsoleSession } from '../session.ts';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { operatorQuery, utcTime } from './api.ts';
import { OperatorAccess } from './OperatorAccess.tsx';
import { OperatorCredentials } from './OperatorCredentials.tsx';
import { OperatorRoles } from './OperatorRoles.tsx';
import { Section } from './Section.tsx';
import { operatorsTexts, ROLE_TEXTS } from './texts.ts';

/** An id of the address, or null for anything that cannot be one. */
const idOf = (raw: string | undefined) => (raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null);

function Facts({ operator }: { operator: ListedOperator }) {
  const t = useTexts(operatorsTexts);
  const { locale } = useLocale();
  const rows: [string, React.ReactNode][] = [
    [t.email, operator.email],
    [t.roles, operator.roles.map((r) => ROLE_TEXTS[locale][r].name).join(', ')],
    [
      t.state,
      <Chip
        key="state"
        size="small"
        color={operator.disabled ? 'default' : 'success'}
        label={operator.disabled ? t.disabled : t.enabled}
      />,
    ],
    [t.created, utcTime(operator.createdAt)],
    [t.colLastSignIn, operator.lastSignInAt ? utcTime(operator.lastSignInAt) : t.never],
  ];
  return (
    <Section title={t.facts}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <MuiLink component={Link} to={`/admin/audit?type=operator&subject=${operator.id}`}>
          {t.auditAbout}
        </MuiLink>
        <MuiLink component={Link} to={`/admin/audit?operator=${operator.id}`}>
          {t.auditBy}
        </MuiLink>
      </Box>
    </Section>
  );
}

/**
 * An operator's page (/admin/operators/:id): what she is, her roles, her access, and new sign-in
 * details, each change after the server said yes (nothing is shown done before).
 */
export function OperatorPage() {
  const t = useTexts(operatorsTexts);
  const id = idOf(useParams().id);
  const selfId = useConsoleSession().operator.id;
  const detail = useQuery({ ...operatorQuery(id ?? 0), enabled: id !== null });
  const operator = detail.data?.operator;
  const back = (
    <Button component={Link} to="/admin/operators" startIcon={<ArrowBackIcon />}>
      {t.backToList}
    </Button>
  );
  return (
    <ConsolePage
      title={operator ? t.detailTitle(operator.displayName) : t.title}
      actions={back}
      loading={id !== null && detail.isPending}
      error={id === null ? new ApiError(404, null) : detail.error}
    >
      {operator && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
          <Facts operator={operator} />
          <OperatorRoles key={operator.roles.join()} operator={operator} self={operator.id === selfId} />
          <OperatorAccess operator={operator} self={operator.id === selfId} />
          <OperatorCredentials operator={operator} />
        </Box>
      )}
    </ConsolePage>
  );
}

export default OperatorPage;
