import { createContext, type ReactNode, useContext } from 'react';
import type { ThemeName } from '#common/constants.ts';
import { useShellStore } from './store.ts';
import { type Device, isDevice } from './viewport.ts';

/** What the server knew of the visitor's shell when it rendered the page (from the query and cookies). */
export type ShellPrefs = { layout: ThemeName; headerHidden: boolean; device: Device };

/**
 * One server render's preferences. The shell store is one per process, shared by every request
 * the server renders at once, so on the server the shell reads these instead; in the browser
 * there is no provider and the store decides.
 */
const ServerPrefs = createContext<ShellPrefs | null>(null);

export function ServerPrefsProvider({ value, children }: { value: ShellPrefs; children: ReactNode }) {
  return <ServerPrefs.Provider value={value}>{children}</ServerPrefs.Provider>;
}

/** The layout (theme) in use. */
export function useLayoutName(): ThemeName {
  const server = useContext(ServerPrefs);
  const client = useShellStore((s) => s.layout);
  return server?.layout ?? client;
}

/** Whether the `h=off` query hid the header. */
export function useHeaderHidden(): boolean {
  const server = useContext(ServerPrefs);
  const client = useShellStore((s) => s.headerHidden);
  return server?.headerHidden ?? client;
}

/** The device a server-rendered page was laid out for (`data-device` on the root element), else a desktop. */
const renderedDevice = (): Device => {
  const value = typeof document !== 'undefined' ? document.documentElement.dataset.device : undefined;
  return isDevice(value) ? value : 'desktop';
};

/** The device media queries answer for until the browser has measured (see viewport.ts). */
export function useDevice(): Device {
  return useContext(ServerPrefs)?.device ?? renderedDevice();
}
