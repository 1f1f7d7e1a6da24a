import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { resolveCmsLink } from '#shared/cms-link';
import { LOCALIZED_PATHS } from '#shared/locales';
import { CmsLinkView } from '@/ui/cms-link-view';
import type { KnownBlockOf } from '#shared/content-schema';

/** Shortcuts; the station locator is always one of them (spec §2), first unless the CMS lists it. */
export function QuickNavigationBlock({ block }: { block: KnownBlockOf<'quickNavigation'> }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const stationLocator = LOCALIZED_PATHS.stationLocator[locale];
  const listed = block.items.some((item) => {
    const resolved = resolveCmsLink(item);
    return resolved.kind === 'internal' && resolved.to === stationLocator;
  });
  return (
    <nav className="quick-navigation" aria-label={block.title ?? i18n._('quickNavigation.label')}>
      {block.title ? <h2>{block.title}</h2> : null}
      <ul className="quick-navigation__list">
        {listed ? null : (
          <li>
            <Link to={stationLocator} className="quick-navigation__link">
              {i18n._('nav.stationLocator')}
            </Link>
          </li>
        )}
        {block.items.map((item, index) => (
          <li key={`${item.title}-${index}`}>
            <CmsLinkView link={item} className="quick-navigation__link" />
          </li>
        ))}
      </ul>
    </nav>
  );
}
