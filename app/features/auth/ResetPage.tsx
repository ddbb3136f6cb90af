export function ResetPage() {
  return null;
}
