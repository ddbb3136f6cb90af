import { Box } from '@mui/material';
import { Outlet } from 'react-router';

/** The page frame: top bar, side menu, content, footer and bottom navigation. */
export function RootLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
