import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FaceIcon from '@mui/icons-material/Face';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '#app/features/session/api.ts';
import { lazyPart } from '#app/lazy-page.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';

// The menu (and the nickname mutation) loads on first open, so the top bar stays light.
const NicknameMenuList = lazyPart(() => import('./NicknameMenuList.tsx').then((m) => m.NicknameMenuList));

/** Top-bar nickname menu: the current nickname, switching, and managing nicknames. */
export function NicknameMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(Boolean(anchor));
  if (!user) return null;
  const current = user.nicknames.current_nickname;
  return (
    <>
      <Button
        color="inherit"
        startIcon={<FaceIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'nickname-menu' : undefined}
        aria-label={t('nicknames.menu_label', { nickname: current?.nickname ?? t('nicknames.choose') })}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          maxWidth: { xs: 48, sm: 220 },
          // Phones show the face only: the bottom navigation names the member.
          '& .MuiButton-startIcon': { mx: { xs: 0 }, ml: { sm: -0.5 }, mr: { sm: 1 } },
          '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'block' },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {current?.nickname ?? t('nicknames.choose')}
        </Box>
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <NicknameMenuList anchor={anchor} nicknames={user.nicknames} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
