export function ActivatePage() {
  return null;
}
