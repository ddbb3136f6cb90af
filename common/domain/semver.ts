/**
 * Application version strings follow Semantic Versioning 2.0.0 (spec part 2, section 5): the
 * pattern semver.org gives, MAJOR.MINOR.PATCH with an optional pre-release and build metadata,
 * no leading zeros, no "v" prefix.
 */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** The longest version string accepted: long enough for any real pre-release and build tag. */
export const SEMVER_MAX_LENGTH = 64;

export const isSemver = (value: string): boolean => value.length <= SEMVER_MAX_LENGTH && SEMVER.test(value);

/** What the client reports when it has not learnt the server's version yet (still valid semver). */
export const UNKNOWN_VERSION = '0.0.0+unknown';
