/**
 * Route validation (spec §2: "a route may carry a validation rule"; failure → 404
 * 'Page Not Found: {path}'). A CMS path is a list of slug segments.
 */

export const MAX_PATH_BYTES = 2048;

/** One slug segment: letters, digits, '-', '_' and '.', not starting with '.'. */
const SEGMENT = /^[\p{Ll}\p{Lu}\p{N}_][\p{Ll}\p{Lu}\p{N}_.-]*$/u;

/** True when every segment of a locale-relative path is a well-formed slug. */
export function isValidContentPath(localPath: string): boolean {
  if (localPath === '/') return true;
  if (!localPath.startsWith('/')) return false;
  const segments = localPath.slice(1).split('/');
  return segments.length <= 12 && segments.every((segment) => segment.length <= 120 && SEGMENT.test(segment));
}

/** `..` or `.` segments, which no page has and which must never reach the origin. */
export function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => segment === '..' || segment === '.');
}
