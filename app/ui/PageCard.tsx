import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's content in a centred card with a heading. */
export function PageCard({
  title,
  children,
  width = 'sm',
}: {
  title: string;
  children: ReactNode;
  width?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Container maxWidth={width} sx={{ py: { xs: 2, md: 5 }, px: { xs: 1, sm: 2 } }}>
      <Paper component="section" sx={{ p: { xs: 2, sm: 4 } }} aria-labelledby="card-title">
        <Typography id="card-title" component="h1" variant="h5" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Container>
  );
}
