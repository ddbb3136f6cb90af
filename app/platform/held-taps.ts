import { HELD_TAP_GLOBAL } from '#common/constants.ts';

type HeldTap = {
  type: 'click' | 'submit';
  target: EventTarget;
  x: number;
  y: number;
  /** The keys held with it: a ctrl- or cmd-tap on a link still opens it in a new tab. */
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
  alt: boolean;
};

/**
 * Plays again the tap a server-rendered page held before the application took it over
 * (server/render/held-taps.ts): a click is dispatched on the same element, where React and the
 * router now answer it (a part of the page still hydrating is hydrated first), a form is submitted.
 * The page stops holding taps from here on. Nothing happens if the element has gone meanwhile.
 */
export function replayHeldTap(): void {
  const take = (window as unknown as Record<string, (() => HeldTap | null) | undefined>)[HELD_TAP_GLOBAL];
  const held = take?.();
  if (!held || !(held.target instanceof Element) || !held.target.isConnected) return;
  if (held.type === 'submit' && held.target instanceof HTMLFormElement) {
    held.target.requestSubmit();
    return;
  }
  held.target.dispatchEvent(
    new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      clientX: held.x,
      clientY: held.y,
      ctrlKey: held.ctrl,
      metaKey: held.meta,
      shiftKey: held.shift,
      altKey: held.alt,
    }),
  );
}
