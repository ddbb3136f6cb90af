import Box from '@mui/material/Box';
import { useTexts } from '../locale.tsx';
import { noticesTexts } from './texts.ts';

/** What a list says when it has no rows (in place of the grid's own words). */
function Empty({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 2, color: 'text.secondary' }}>{text}</Box>
  );
}

export function NoNotices() {
  return <Empty text={useTexts(noticesTexts).noNotices} />;
}

export function NoComplaints() {
  return <Empty text={useTexts(noticesTexts).noComplaints} />;
}
