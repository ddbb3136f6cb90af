import type { JanusNode } from './janus-node.ts';

/**
 * Which instance takes a new publication or relay: among those up (and accepted by `fits`), the
 * one carrying the fewest viewers of this process, then the fewest publications, the first listed
 * on a tie.
 */
export function pickNode(nodes: readonly JanusNode[], fits: ((node: JanusNode) => boolean) | null): JanusNode | null {
  let best: JanusNode | null = null;
  for (const node of nodes) {
    if (!node.up || (fits && !fits(node))) continue;
    if (!best || node.load < best.load || (node.load === best.load && node.publications < best.publications)) {
      best = node;
    }
  }
  return best;
}
