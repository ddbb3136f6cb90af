/**
 * The Node.js lines the product supports and is tested on (README, "Supported runtimes"). The
 * server still starts on an older Node (the machines here run 20 until every one has 22 or 24),
 * but says at start that it runs unsupported.
 */
export const SUPPORTED_NODE_MAJORS = [22, 24] as const;

/** The line printed at start on a Node older than the oldest supported line, otherwise null. */
export function unsupportedNodeNotice(version: string = process.versions.node): string | null {
  const major = Number.parseInt(version.replace(/^v/, ''), 10);
  if (!Number.isInteger(major) || major >= SUPPORTED_NODE_MAJORS[0]) return null;
  return (
    `Node.js ${version.replace(/^v/, '')} is no longer supported (end of life): supported and tested are ` +
    `Node.js ${SUPPORTED_NODE_MAJORS.join(' and ')} (README, "Supported runtimes")`
  );
}
