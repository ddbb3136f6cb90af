/**
 * The colours around live video, the same in every theme: video is framed in black, and what lies
 * over a picture (controls, covers, the chat on a phone) is white on a translucent black scrim,
 * legible on any picture.
 */
export const VIDEO = {
  frame: '#000',
  dialog: '#111',
  text: '#fff',
  /** Over a picture that should still show through (connecting). */
  scrimLight: 'rgba(0, 0, 0, 0.35)',
  /** Buttons and the chat over the picture. */
  scrim: 'rgba(0, 0, 0, 0.5)',
  scrimHover: 'rgba(0, 0, 0, 0.65)',
  /** Covers that hide the picture (paused, offline) and the debug figures. */
  scrimDark: 'rgba(0, 0, 0, 0.8)',
} as const;
