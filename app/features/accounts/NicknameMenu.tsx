/** Top-bar nickname menu: the current nickname, switching, and managing nicknames. */
export function NicknameMenu() {
  return null;
}
