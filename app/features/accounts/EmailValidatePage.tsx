export function EmailValidatePage() {
  return null;
}
