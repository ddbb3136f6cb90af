/** #nicknames: add, activate and remove nicknames. */
export function NicknameDialog(_props: { open: boolean; onClose: () => void }) {
  return null;
}
