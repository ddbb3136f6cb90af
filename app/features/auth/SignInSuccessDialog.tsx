/** #sign-in-success: persistent confirmation after signing up. */
export function SignInSuccessDialog(_props: { open: boolean; onClose: () => void }) {
  return null;
}
