import { Suspense } from 'react';
import { PageLoading } from './ContentLayout.tsx';
import { LegalDocument, sectionId } from './LegalDocument.tsx';
import { type LegalDoc, useDocumentTitle, useLegalText } from './legal.ts';
import { TakedownForm } from './TakedownForm.tsx';

function TakedownContent() {
  const doc = useLegalText<LegalDoc>('takedown');
  useDocumentTitle(doc.title);
  return (
    <LegalDocument doc={doc}>
      {/* The text ends with the section "Submit a notice"; the form is its body. */}
      <TakedownForm labelledBy={sectionId(doc.sections.length - 1)} />
    </LegalDocument>
  );
}

/** /takedown: how notices are handled, then the notice form. */
export function TakedownPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <TakedownContent />
    </Suspense>
  );
}
