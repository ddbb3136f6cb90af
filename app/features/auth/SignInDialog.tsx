/** #sign-in: the sign-up tabs (register / login) in a dialog. */
export function SignInDialog(_props: { open: boolean; onClose: () => void }) {
  return null;
}
