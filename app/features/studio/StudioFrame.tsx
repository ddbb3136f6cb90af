import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StudioNav } from './StudioNav.tsx';

/**
 * The studio's own frame: no member menus, coins or overlays of the site, only her page in a card
 * that fills a phone and stays narrow on a desktop (wide: room for her camera and viewers).
 * `nav`: the tabs between her signed-in pages.
 */
export function StudioFrame({
  title,
  children,
  wide,
  nav,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  nav?: boolean;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('studio.name')}`;
  }, [title, t]);
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', alignItems: { sm: 'center' }, justifyContent: 'center', p: { sm: 3 } }}
    >
      <Paper
        component="main"
        elevation={2}
        sx={{ width: '100%', maxWidth: { sm: wide ? 1100 : 440 }, p: { xs: 3, sm: 4 }, borderRadius: { xs: 0, sm: 2 } }}
      >
        <Typography variant="overline" color="text.secondary" component="p">
          {t('studio.name')}
        </Typography>
        {nav && <StudioNav />}
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
