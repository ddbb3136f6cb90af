export function TakedownPage() {
  return null;
}
