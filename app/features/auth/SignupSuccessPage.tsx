export function SignupSuccessPage() {
  return null;
}
