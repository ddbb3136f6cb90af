import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

const SCHEMES = ['VISA', 'Mastercard'] as const;

/** The accepted card schemes, as neutral text marks (no brand artwork is bundled). */
export function CardMarks() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} role="list" aria-label={t('footer.cards')}>
      {SCHEMES.map((s) => (
        <Box
          key={s}
          role="listitem"
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1,
            py: 0.25,
            fontSize: 12,
            fontWeight: 700,
            letterSpacing: 0.5,
            color: 'text.secondary',
            fontStyle: s === 'VISA' ? 'italic' : 'normal',
          }}
        >
          {s}
        </Box>
      ))}
    </Stack>
  );
}
