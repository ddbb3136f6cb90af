import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';

/** Short text on screen, a fuller one for screen readers ("27" is read as "27 years old"). */
export function SrText({ shown, spoken }: { shown: ReactNode; spoken: string }) {
  return (
    <>
      <span aria-hidden>{shown}</span>
      <Box component="span" sx={visuallyHidden}>
        {spoken}
      </Box>
    </>
  );
}
