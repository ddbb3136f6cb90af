export function CancelPage() {
  return null;
}
