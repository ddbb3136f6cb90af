import { ContentText } from './ContentText.tsx';
import { LegalDocument, sectionId } from './LegalDocument.tsx';
import { type ShownContent, useDocumentTitle } from './legal.ts';
import { TakedownForm } from './TakedownForm.tsx';

function TakedownContent({ shown }: { shown: ShownContent }) {
  useDocumentTitle(shown.doc.title);
  return (
    <LegalDocument doc={shown.doc} updatedAt={shown.updatedAt}>
      {/* The text ends with the section "Submit a notice"; the form is its body. */}
      <TakedownForm labelledBy={sectionId(shown.doc.sections.length - 1)} />
    </LegalDocument>
  );
}

/** /takedown: how notices are handled (from the content API), then the notice form. */
export function TakedownPage() {
  return <ContentText page="takedown">{(shown) => <TakedownContent shown={shown} />}</ContentText>;
}
