import { and, eq } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import type { ContentPage } from '#common/domain/content-text.ts';
import { releaseText } from '#common/i18n/release-content.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { contentTexts } from '#server/db/schema/content.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { shownText } from './texts-data.ts';

export type TextChange = {
  page: ContentPage;
  locale: Locale;
  text: string;
  operatorId: number;
  /** The console action's key, which the audit entry keeps: a second request under it acts no more. */
  formKey: string;
};

/** `done`; `repeat` when the key acted already; `unchanged` when the page shows this text already. */
export type TextChangeOutcome = 'done' | 'repeat' | 'unchanged';

/** One kind of line end (browsers send CRLF from a text area), so an equal text compares equal. */
const normalised = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/**
 * Sets a page's text in one language, with its audit entry, in one transaction. The release's own
 * text removes the edit instead of copying it, so the page follows the release's texts again.
 */
export async function saveContentText(db: Db, change: TextChange): Promise<TextChangeOutcome> {
  const text = normalised(change.text);
  try {
    return await db.transaction(async (tx) => {
      const used = await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.formKey, change.formKey));
      if (used.length > 0) return 'repeat';
      const before = await shownText(tx, change.page, change.locale);
      if (before.text === text) return 'unchanged';
      const where = and(eq(contentTexts.page, change.page), eq(contentTexts.locale, change.locale));
      if (text === releaseText(change.page, change.locale)) {
        await tx.delete(contentTexts).where(where);
      } else {
        await tx
          .insert(contentTexts)
          .values({ page: change.page, locale: change.locale, text, updatedBy: change.operatorId })
          .onConflictDoUpdate({
            target: [contentTexts.page, contentTexts.locale],
            set: { text, updatedBy: change.operatorId, updatedAt: new Date() },
          });
      }
      await recordAudit(tx, {
        operatorId: change.operatorId,
        action: 'content.text',
        subjectType: 'content_page',
        subjectId: `${change.page}/${change.locale}`,
        before: { text: before.text, edited: before.edited },
        after: { text, edited: text !== releaseText(change.page, change.locale) },
        formKey: change.formKey,
      });
      return 'done';
    });
  } catch (err) {
    // Two requests under one key at the same moment: the log keeps one of them.
    if (isUniqueViolation(err, 'audit_log_form_key_unique')) return 'repeat';
    throw err;
  }
}
