import type { NavigationItem } from './content-schema';

/** Items with visibleInNavigation false are left out, recursively (spec §2). */
export function visibleNavigation(items: readonly NavigationItem[]): NavigationItem[] {
  return items
    .filter((item) => item.visibleInNavigation)
    .map((item) => ({ ...item, children: visibleNavigation(item.children) }));
}
