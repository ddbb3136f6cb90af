export function CancelSuccessPage() {
  return null;
}
