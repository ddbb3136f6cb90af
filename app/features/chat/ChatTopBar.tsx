import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '#app/features/session/api.ts';

/** The chat's top bar (spec part 1): the logo and the exit, both asking before the chat ends. */
export function ChatTopBar({
  titleId,
  showName,
  onHome,
  onExit,
}: {
  titleId: string;
  showName: string;
  onHome: () => void;
  onExit: () => void;
}) {
  const { t } = useTranslation();
  const { site } = usePublicConfig();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, md: 2 }, px: 2, py: 1 }}>
      <ButtonBase
        onClick={onHome}
        aria-label={t('chatsession.home', { site: site.name })}
        sx={{ borderRadius: 1, flexShrink: 0 }}
      >
        <Box component="img" src={site.logo} alt="" height={28} sx={{ height: { xs: 24, md: 28 }, width: 'auto' }} />
      </ButtonBase>
      <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
        {showName}
      </Typography>
      <IconButton aria-label={t('live.close')} onClick={onExit} sx={{ color: 'inherit' }}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
}
