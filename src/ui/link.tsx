/**
 * The app's links. In the browser these are react-router's `Link` and `NavLink`. In the
 * server bundle a link to a plain absolute path (the header's and footer's 40-odd links,
 * the CMS's links) renders the same `<a>` without the router's per-link hooks: each
 * router link resolves its path through the route matches, builds its click handler and
 * reads the navigation state, which was about a quarter of a page's server render
 * (docs/performance.md, "Uncached renders") for markup that is only `href` and
 * `data-discover`. Anything else (a query, a hash, a relative or absolute URL, the
 * router-only props) takes react-router's own link, on the server too. `link.test.tsx`
 * renders both for thousands of generated links and requires the same markup, which is
 * what hydration needs.
 */
import { useContext, type ReactNode } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';

/**
 * An absolute path of plain segments, with no query, hash, `.`/`..` segment, empty segment
 * or character that the router or the URL parser would rewrite: its href is the path
 * itself after the basename. Checked with string tests, not one pattern, so that no input
 * can make the check slow.
 */
export function isPlainPath(to: unknown): to is string {
  return (
    typeof to === 'string' &&
    to.startsWith('/') &&
    /^[\w~./-]*$/.test(to) &&
    !to.includes('//') &&
    !/(?:^|\/)\.\.?(?:\/|$)/.test(to)
  );
}

/** The router's `useHref` for a plain path: the basename joined in front. */
function plainHref(to: string, basename: string): string {
  if (basename === '/') return to;
  return to === '/' ? basename : `${basename}/${to}`.replace(/\/\/+/g, '/');
}

/** Props that change a router link's markup or behaviour beyond href: those links take the router's own. */
function usesRouterOnlyProps(props: Pick<LinkProps, 'relative' | 'prefetch'>): boolean {
  return (
    props.relative !== undefined ||
    (props.prefetch !== undefined && props.prefetch !== 'none') ||
    (props as { mask?: unknown }).mask !== undefined
  );
}

/**
 * What react-router's link takes for itself: none of it is markup (its event handlers and
 * ref are not either). `target` is left out here and put back after `href`, where the
 * router's link puts it.
 */
const ROUTER_LINK_PROPS = new Set([
  'onClick',
  'discover',
  'prefetch',
  'reloadDocument',
  'replace',
  'state',
  'target',
  'to',
  'preventScrollReset',
  'viewTransition',
  'relative',
  'mask',
  'defaultShouldRevalidate',
]);

export function ServerLink(props: LinkProps) {
  const { basename } = useContext(NavigationContext);
  if (!isPlainPath(props.to) || usesRouterOnlyProps(props)) return <RouterLink {...props} />;
  // A loop rather than a rest pattern with a dozen names: V8 copies such a rest through its
  // slow runtime path, which took as long as the rest of the link.
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!ROUTER_LINK_PROPS.has(key)) anchor[key] = props[key as keyof LinkProps];
  // The same attributes in the same order as react-router's link.
  anchor.href = plainHref(props.to, basename);
  anchor.target = props.target;
  anchor['data-discover'] = (props.discover ?? 'render') === 'render' ? 'true' : undefined;
  return <a {...anchor} />;
}

/**
 * Whether react-router's NavLink to the plain path `to` is active at `pathname` (the
 * location below the basename), as it decides without a data router: the location is the
 * link's path or, unless `end`, below it; case does not matter.
 */
export function isNavLinkActive(to: string, pathname: string, end: boolean): boolean {
  const toPathname = to.toLowerCase();
  const locationPathname = pathname.toLowerCase();
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  return (
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/')
  );
}

type NavRenderProps = { isActive: boolean; isPending: boolean; isTransitioning: boolean };

export function ServerNavLink(props: NavLinkProps) {
  const location = useLocation();
  if (!isPlainPath(props.to) || props.caseSensitive || usesRouterOnlyProps(props)) return <RouterNavLink {...props} />;
  const {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive: _caseSensitive,
    className: classNameProp = '',
    end = false,
    style: styleProp,
    to,
    viewTransition,
    children,
    ...rest
  } = props;
  const isActive = isNavLinkActive(to, location.pathname, end);
  const renderProps: NavRenderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  return (
    <ServerLink
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      style={style}
      to={to}
      viewTransition={viewTransition}
    >
      {typeof children === 'function' ? (children(renderProps) as ReactNode) : children}
    </ServerLink>
  );
}

/** react-router's links in the browser; the light server links in the server bundle. */
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
