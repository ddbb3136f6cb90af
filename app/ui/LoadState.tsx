import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** What a load that is not (yet) a list or a page shows: loading, failed or empty. */
export type LoadStateProps = { sx?: SxProps<Theme> } & (
  | {
      kind: 'loading';
      /** Said beside the spinner (under it, or next to it with `row`); read out as the status. */
      text?: ReactNode;
      /** Names the spinner (or the placeholder rows) when there is no text. */
      label?: string;
      /** The spinner's size in px (MUI's 40 by default). */
      size?: number;
      row?: boolean;
      /** Between spinner and text (2 by default). */
      spacing?: number;
      /** Placeholder rows instead of a spinner, where the list will be. */
      rows?: { count: number; height: number };
    }
  | {
      kind: 'error';
      text: ReactNode;
      /** A retry button in the alert. */
      retry?: { label: string; onClick: () => void } | undefined;
      /** A refused request (nothing to retry) warns instead. */
      severity?: 'error' | 'warning';
      /** A line of red text instead of an alert (in menus and narrow lists). */
      plain?: boolean;
      /** Read out when it appears (role status); alerts always are. */
      announce?: boolean;
    }
  | {
      kind: 'empty';
      text: ReactNode;
      /**
       * A prompt rather than a quiet line: the text in the body colour, with the way on (`action`)
       * beneath it when there is one.
       */
      prompt?: boolean;
      action?: { label: string; to: string } | undefined;
      /** Read out when it appears (role status). */
      announce?: boolean;
    }
);

/**
 * The one component for the loading, error and empty states of what a page or menu loads, so they
 * look and read the same everywhere; each state keeps its own words (translated by the caller).
 */
export function LoadState(props: LoadStateProps) {
  const { sx } = props;
  if (props.kind === 'loading') {
    if (props.rows) {
      return (
        <Stack spacing={1} role="status" aria-busy aria-label={props.label} sx={sx}>
          {Array.from({ length: props.rows.count }, (_, i) => i).map((i) => (
            <Skeleton key={i} variant="rounded" height={props.rows?.height} />
          ))}
        </Stack>
      );
    }
    if (props.text === undefined) {
      return (
        <Box role="status" sx={sx}>
          <CircularProgress size={props.size} aria-label={props.label} />
        </Box>
      );
    }
    return (
      <Stack
        direction={props.row ? 'row' : 'column'}
        spacing={props.spacing ?? 2}
        role="status"
        sx={[{ alignItems: 'center' }, ...(sx === undefined ? [] : Array.isArray(sx) ? sx : [sx])]}
      >
        <CircularProgress size={props.size} aria-hidden />
        <Typography>{props.text}</Typography>
      </Stack>
    );
  }
  const role = props.announce ? 'status' : undefined;
  if (props.kind === 'error') {
    if (props.plain) {
      return (
        <Typography color="error" role={role} sx={sx}>
          {props.text}
        </Typography>
      );
    }
    const { retry } = props;
    return (
      <Alert
        severity={props.severity ?? 'error'}
        sx={sx}
        action={
          retry && (
            <Button color="inherit" size="small" onClick={retry.onClick}>
              {retry.label}
            </Button>
          )
        }
      >
        {props.text}
      </Alert>
    );
  }
  if (!props.prompt) {
    return (
      <Typography color="text.secondary" role={role} sx={sx}>
        {props.text}
      </Typography>
    );
  }
  return (
    <Box role={role} sx={sx}>
      <Typography sx={{ mb: 2 }}>{props.text}</Typography>
      {props.action && (
        <Button component={RouterLink} to={props.action.to} variant="outlined">
          {props.action.label}
        </Button>
      )}
    </Box>
  );
}

/** Keeps the shown list in place while the next one loads: a progress bar over dimmed tiles. */
export function LoadingOverlay({ loading, children }: { loading: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'relative' }} aria-busy={loading || undefined}>
      {loading && (
        <LinearProgress
          aria-label={t('shows.loading')}
          sx={{ position: 'absolute', top: -8, left: 0, right: 0, zIndex: 1 }}
        />
      )}
      <Box
        sx={{ opacity: loading ? 0.5 : 1, transition: 'opacity 150ms', pointerEvents: loading ? 'none' : undefined }}
      >
        {children}
      </Box>
    </Box>
  );
}
