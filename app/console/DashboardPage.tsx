import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dashboardQuery } from './live.ts';
import { useLocale, useTexts } from './locale.tsx';
import { useConsoleSession } from './session.ts';
import { frameTexts } from './texts.ts';
import { ConsolePage } from './ui/ConsolePage.tsx';

/** The start page: the figures her roles may see, live, each leading to the screen of its things. */
export function DashboardPage() {
  const t = useTexts(frameTexts);
  const { locale } = useLocale();
  const session = useConsoleSession();
  const figures = useQuery(dashboardQuery);
  return (
    <ConsolePage title={t.dashboard} loading={figures.isPending} error={figures.error}>
      <Grid container spacing={2} component="ul" aria-label={t.figures} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {figures.data?.figures.map((f) => (
          <Grid key={f.key} size={{ xs: 6, md: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography
                  variant="h4"
                  component="p"
                  data-figure={f.key}
                  sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' } }}
                >
                  {f.value.toLocaleString(locale)}
                </Typography>
                <Typography color="text.secondary">{f.label[locale]}</Typography>
              </CardContent>
              {f.href && (
                <CardActions>
                  <Button component={Link} to={f.href} size="small" aria-label={`${t.open}: ${f.label[locale]}`}>
                    {t.open}
                  </Button>
                </CardActions>
              )}
            </Card>
          </Grid>
        ))}
      </Grid>
      {session.sandboxStudio && (
        <Typography>
          <MuiLink href="/sandbox/studio">{t.studio}</MuiLink>
        </Typography>
      )}
    </ConsolePage>
  );
}
