import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { DRAWER_WIDTH } from '#common/constants.ts';
import { LanguageSelector } from './LanguageSelector.tsx';
import { SideMenuContent } from './SideMenu.tsx';

/** The side menu on phones: a temporary drawer, loaded the first time it opens, with the languages. */
export function SideMenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
      data-testid="drawer-temporary"
    >
      <SideMenuContent onNavigate={onClose} />
      <Box sx={{ px: 2, pb: 2 }}>
        <LanguageSelector />
      </Box>
    </Drawer>
  );
}
