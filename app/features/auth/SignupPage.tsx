export function SignupPage() {
  return null;
}
