import { useState } from 'react';

/** True from the first time `open` is true: a lazily loaded overlay stays mounted afterwards to animate its close. */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
