import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { isNavLinkActive, isPlainPath, NavLink } from '@/ui/link';
import { CachedElement } from '@/ui/markup-cache';
import { useSite } from '@/ui/site-context';
import { useHydrated } from '@/ui/use-hydrated';
import { useLingui } from '@lingui/react';
import type { NavigationItem } from '#shared/content-schema';

/**
 * The main navigation tree as a disclosure navigation menu (WAI-ARIA APG "Disclosure
 * Navigation Menu with Top-Level Links", https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/examples/disclosure-navigation-hybrid/):
 * a first-level item with children is its link plus a button with aria-expanded that
 * shows or hides the second level. One submenu is open at a time; Escape closes it and
 * returns focus to its button; a click outside, focus leaving the navigation or a
 * navigation closes it. Arrow keys, Home and End move as in the APG's disclosure
 * navigation example (https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/examples/disclosure-navigation/):
 * between the first-level links and buttons, Down from an open submenu's button into it,
 * and between the links of the open submenu. Works the same on phones (inside the menu panel) and desktops
 * (as a drop-down), by mouse, touch and keyboard.
 *
 * Before hydration (or without JavaScript) the buttons do nothing, so the CSS shows the
 * second level as it did before: always on phones, on hover and keyboard focus
 * (:focus-within) on desktops. `data-enhanced` marks the navigation once the buttons work.
 */
export function MainNavigation({
  items,
  label,
  cacheOwner,
}: {
  items: NavigationItem[];
  label: string;
  /** The layout the items come from: the server keeps the list's markup per layout (src/ui/markup-cache.tsx). */
  cacheOwner?: object | null;
}) {
  const { i18n } = useLingui();
  const { basename } = useSite();
  const baseId = useId();
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const { openId, setOpenId } = useOpenSubmenu(navRef, pathname);
  // False in the server's HTML and the hydration render, true once the buttons work.
  const enhanced = useHydrated();
  const submenuId = (itemId: string) => `${baseId}-submenu-${itemId}`;

  const { onKeyDown, onBlur } = useFocusKeys(navRef, openId, setOpenId, submenuId);

  return (
    <nav
      ref={navRef}
      className="nav"
      aria-label={label}
      data-enhanced={enhanced ? '' : undefined}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <CachedElement
        as="ul"
        className="nav__list nav__list--level-1"
        owner={cacheOwner}
        // Only the server keeps markup: the browser bundle leaves the key out.
        cacheKey={
          import.meta.env.SSR
            ? listCacheKey(items, { locale: i18n.locale, basename, baseId, pathname, openId, enhanced })
            : undefined
        }
      >
        {() =>
          items.map((item) => {
            const open = openId === item.id;
            return (
              <NavigationEntry
                key={item.id}
                item={item}
                open={open}
                submenuId={submenuId(item.id)}
                toggleLabel={i18n._('nav.submenu', { name: item.text })}
                onToggle={() => setOpenId(open ? null : item.id)}
              />
            );
          })
        }
      </CachedElement>
    </nav>
  );
}

/**
 * Which submenu is open. It belongs to the page it was opened on: any navigation closes
 * it, and so does a click or tap anywhere outside the navigation.
 */
function useOpenSubmenu(navRef: RefObject<HTMLElement | null>, pathname: string) {
  const [opened, setOpened] = useState<{ id: string; pathname: string } | null>(null);
  const openId = opened?.pathname === pathname ? opened.id : null;
  const setOpenId = (id: string | null) => setOpened(id === null ? null : { id, pathname });

  useEffect(() => {
    if (openId === null) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpened(null);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId, navRef]);

  return { openId, setOpenId };
}

/**
 * The navigation's keyboard and focus: Escape closes the open submenu and returns focus to
 * its button, the APG's keys move the focus (`focusMove`), and focus that leaves the
 * navigation for elsewhere on the page closes the submenu.
 */
function useFocusKeys(
  navRef: RefObject<HTMLElement | null>,
  openId: string | null,
  setOpenId: (id: string | null) => void,
  submenuId: (itemId: string) => string,
) {
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      if (openId === null) return;
      // Only the submenu closes; the phone menu around it stays open for the next Escape.
      event.stopPropagation();
      const button = submenuButton(navRef.current, submenuId(openId));
      setOpenId(null);
      button?.focus();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const nav = navRef.current;
    const active = document.activeElement;
    if (!nav || !(active instanceof HTMLElement)) return;
    const move = focusMove(event.key, nav, active);
    if (!move) return;
    event.preventDefault();
    move.target?.focus();
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && navRef.current?.contains(next)) return;
    // Focus left the page (another window) keeps the menu; focus elsewhere on the page closes it.
    if (next !== null) setOpenId(null);
  }

  return { onKeyDown, onBlur };
}

/** The button that controls a submenu (compared in JavaScript, not in a selector: the id comes from content). */
function submenuButton(nav: HTMLElement | null, submenuId: string): HTMLButtonElement | undefined {
  return [...(nav?.querySelectorAll<HTMLButtonElement>('button[aria-controls]') ?? [])].find(
    (candidate) => candidate.getAttribute('aria-controls') === submenuId,
  );
}

/**
 * Where a key moves the focus from `active`, or null for a key the navigation leaves
 * alone. The APG example's keys: arrows move between the first-level links and buttons,
 * or between the links of the open submenu; Down on an open submenu's button enters it;
 * Home and End go to the first and last of the same level.
 */
function focusMove(key: string, nav: HTMLElement, active: HTMLElement): { target: HTMLElement | undefined } | null {
  const submenu = active.closest<HTMLElement>('.nav__list--level-2');
  const nodes = submenu
    ? [...submenu.querySelectorAll<HTMLElement>('a')]
    : [...nav.querySelectorAll<HTMLElement>('.nav__list--level-1 > .nav__item > .nav__row > :is(a, button)')];
  const index = nodes.indexOf(active);
  if (index < 0) return null;
  switch (key) {
    case 'ArrowDown':
      if (!submenu && active.getAttribute('aria-expanded') === 'true') {
        const controlled = active.getAttribute('aria-controls');
        return {
          target:
            [...nav.querySelectorAll<HTMLElement>('.nav__list--level-2')]
              .find((list) => list.id === controlled)
              ?.querySelector<HTMLElement>('a') ?? undefined,
        };
      }
      return { target: nodes[Math.min(nodes.length - 1, index + 1)] };
    case 'ArrowRight':
      return { target: nodes[Math.min(nodes.length - 1, index + 1)] };
    case 'ArrowUp':
    case 'ArrowLeft':
      return { target: nodes[Math.max(0, index - 1)] };
    case 'Home':
      return { target: nodes[0] };
    case 'End':
      return { target: nodes[nodes.length - 1] };
    default:
      return null;
  }
}

/** A first-level item: its link, and with children the button and the second level it shows. */
function NavigationEntry({
  item,
  open,
  submenuId,
  toggleLabel,
  onToggle,
}: {
  item: NavigationItem;
  open: boolean;
  submenuId: string;
  toggleLabel: string;
  onToggle: () => void;
}) {
  const hasChildren = item.children.length > 0;
  return (
    <li className={`nav__item${open ? ' nav__item--open' : ''}`}>
      <div className="nav__row">
        <NavLink to={item.url} end={item.url === '/'} className="nav__link">
          {item.text}
        </NavLink>
        {hasChildren ? (
          <button
            type="button"
            className="nav__toggle"
            aria-expanded={open}
            aria-controls={submenuId}
            aria-label={toggleLabel}
            onClick={onToggle}
          >
            <span className="nav__chevron" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {hasChildren ? (
        <ul id={submenuId} className="nav__list nav__list--level-2">
          {item.children.map((child) => (
            <li key={child.id} className="nav__item">
              <NavLink to={child.url} end={child.url === '/'} className="nav__link">
                {child.text}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Everything the list's markup depends on besides the items: the locale, the basename,
 * the ids, the open submenu, and which links are active (not the path itself, so that
 * every page of a section shares one entry). None when a link is not a plain path: its
 * active state is then the router's to decide.
 */
function listCacheKey(
  items: NavigationItem[],
  state: {
    locale: string;
    basename: string;
    baseId: string;
    pathname: string;
    openId: string | null;
    enhanced: boolean;
  },
): string | undefined {
  const links = items.flatMap((item) => [item, ...item.children]);
  if (!links.every((link) => isPlainPath(link.url))) return undefined;
  const active = links.map((link) => (isNavLinkActive(link.url, state.pathname, link.url === '/') ? 1 : 0)).join('');
  return [state.locale, state.basename, state.baseId, state.openId ?? '', state.enhanced, active].join('|');
}
