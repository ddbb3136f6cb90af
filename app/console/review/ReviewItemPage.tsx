import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { ReviewDecided, ReviewItem } from '#common/api/admin-review.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { useConsoleAction } from '../ui/use-action.ts';
import { reviewItemQuery } from './queries.ts';
import { RejectDialog } from './RejectDialog.tsx';
import { ReviewDetails } from './ReviewDetails.tsx';
import { kindLabel, reviewTexts } from './texts.ts';

const isEdit = (item: ReviewItem) => item.kind === 'video_edit' || item.kind === 'gallery_edit';

/** One waiting item: its preview, its texts before and after, approve, and reject with a reason. */
export default function ReviewItemPage() {
  const t = useTexts(reviewTexts);
  const { locale } = useLocale();
  const { say } = useErrorText();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const item = useQuery({ ...reviewItemQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const decidedText = (err: unknown) => (err instanceof ApiError && err.status === 409 ? t.alreadyDecided : say(err));
  const approve = useConsoleAction<ReviewItem, ReviewDecided>({
    method: 'POST',
    path: (i) => `review/${i.id}/approve`,
    body: () => ({}),
    invalidates: [['console', 'review']],
    done: (r, i) => (r.outcome === 'repeat' ? t.repeat : isEdit(i) ? t.editApproved : t.approved),
    onDone: () => navigate('/admin/review'),
  });
  const gone = item.error instanceof ApiError && item.error.status === 404;
  const own = item.data;
  const title = own ? `${kindLabel(t, own.kind)}: ${own.title[locale] || own.title.en}` : t.title;
  const back = (
    <Button component={RouterLink} to="/admin/review" variant="outlined">
      {t.back}
    </Button>
  );
  if (gone || !Number.isInteger(id) || id <= 0) {
    return (
      <ConsolePage title={t.title} actions={back}>
        <Typography role="status">{t.notWaiting}</Typography>
      </ConsolePage>
    );
  }
  return (
    <ConsolePage title={title} actions={back} loading={item.isPending} error={item.error}>
      {own && (
        <>
          <ReviewDetails item={own} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Button variant="contained" disabled={approve.isPending} onClick={() => approve.mutate(own)}>
              {t.approve}
            </Button>
            <RejectDialog item={own} onDone={() => navigate('/admin/review')} />
          </Box>
          {approve.error ? (
            <Typography role="alert" color="error">
              {decidedText(approve.error)}
            </Typography>
          ) : null}
        </>
      )}
    </ConsolePage>
  );
}
