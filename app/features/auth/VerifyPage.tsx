export function VerifyPage() {
  return null;
}
