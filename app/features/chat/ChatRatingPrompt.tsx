import { useTranslation } from 'react-i18next';
import { RatingDialog } from '#app/features/rating/RatingDialog.tsx';
import { logClientError } from '#app/platform/client-log.ts';
import { LOG_LEVELS } from '#common/constants.ts';
import { useRateChat } from './api.ts';
import { chatActions, useChatStore } from './store.ts';

/**
 * The rating dialog after a member's private or exclusive (spec part 1 "Rating dialog"), when the
 * rating check said she may rate it: stars as a percent and a comment, saved for that session,
 * then a thank-you.
 */
export function ChatRatingPrompt({ universalId, showName }: { universalId: string; showName: string }) {
  const { t } = useTranslation();
  const asked = useChatStore((s) => s.rating);
  const rating = asked?.universalId === universalId ? asked : null;
  const rate = useRateChat();
  const save = async (percent: number, comment: string) => {
    if (!rating) return;
    chatActions.ratingSaving(true);
    try {
      await rate.mutateAsync({ ...rating, rating: percent, comment });
    } catch (error) {
      logClientError(`chat rating: ${String(error)}`, LOG_LEVELS.WARNING, [error]);
      throw error;
    } finally {
      chatActions.ratingSaving(false);
    }
  };
  return (
    <RatingDialog
      open={rating !== null}
      onClose={() => chatActions.rate(null)}
      onSave={save}
      saving={rating?.saving ?? false}
      title={t('chatsession.rating.title', { name: showName })}
      withComment
    />
  );
}
