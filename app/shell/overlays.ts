/**
 * The shell's overlays on the first screens, one at a time, in this order: the 18+ gate (nothing
 * may be seen before it), the analytics consent (asked before anything is measured), then the
 * member's welcome gift or the visitor's sign-up incentive (gift button and offer). A later one
 * waits until every earlier one is answered, so on a phone they never pile up or overlap.
 */
export const OVERLAY_ORDER = ['age_gate', 'consent', 'welcome', 'incentive'] as const;

export type ShellOverlay = (typeof OVERLAY_ORDER)[number];

/** Which overlays have something to show or ask right now. */
export type OverlayNeeds = Readonly<Record<ShellOverlay, boolean>>;

/** The one overlay to show now: the first in the order that is needed, or none. */
export function currentOverlay(needs: OverlayNeeds): ShellOverlay | null {
  return OVERLAY_ORDER.find((overlay) => needs[overlay]) ?? null;
}
