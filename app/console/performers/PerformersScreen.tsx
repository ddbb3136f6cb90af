import { useParams } from 'react-router';
import { ApiError } from '../../api-error.ts';
import { useTexts } from '../locale.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { ApplicationPage } from './ApplicationPage.tsx';
import { QueuePage } from './QueuePage.tsx';
import { performerTexts } from './texts.ts';

/** /admin/performers: the applications queue; /admin/performers/:id: one application. */
export default function PerformersScreen() {
  const { id } = useParams();
  const t = useTexts(performerTexts);
  if (id === undefined) return <QueuePage />;
  // A path that names no application at all (letters, zero) is not asked of the server.
  if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
    return <ConsolePage title={t.queueTitle} error={new ApiError(404, null)} />;
  }
  return <ApplicationPage key={id} id={Number(id)} />;
}
