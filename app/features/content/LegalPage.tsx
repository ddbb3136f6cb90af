export function LegalPage() {
  return null;
}
