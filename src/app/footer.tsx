import { useId, useState } from 'react';
import { CookieSettingsButton } from '@/features/consent/components/cookie-settings-button';
import { useLingui } from '@lingui/react';
import type { CmsLink, Layout } from '#shared/content-schema';
import { CmsLinkView } from '@/ui/cms-link-view';
import { HeightTransition } from '@/ui/height-transition';
import { CachedElement } from '@/ui/markup-cache';
import { NewTabNote } from '@/ui/new-tab-note';
import { useRenderDate } from '@/ui/render-date';
import { useSite } from '@/ui/site-context';
import { useMinWidth } from '@/ui/use-breakpoint';
import './footer.css';

type LinkGroup = Layout['footerLinks'][number];

function LinkList({ links, className }: { links: readonly CmsLink[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map((link, index) => (
        <li key={`${index}-${link.title}`}>
          <CmsLinkView link={link} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A footer link group (spec §2): on phones its heading is a button that opens and closes
 * the links with the 500 ms height transition; on desktops (992 px and up) it is a plain
 * heading and the links are always shown. Until the browser knows the width (server
 * render, hydration: `pending`) the group looks as it will on a phone, closed, so that
 * nothing moves when the width becomes known: on a short page the footer is in view, and
 * groups collapsing after hydration moved it (a layout shift). It has no button yet (one
 * that does nothing without scripts would mislead); wide screens and pages without
 * scripts show the links open by CSS meanwhile (footer.css), so every link stays reachable.
 */
function FooterLinkGroup({
  group,
  mode,
  linksId,
}: {
  group: LinkGroup;
  mode: 'pending' | 'collapsible' | 'plain';
  /** Made by the footer, outside its cached markup (src/ui/markup-cache.tsx). */
  linksId: string;
}) {
  const [open, setOpen] = useState(false);
  if (mode === 'plain') {
    return (
      <div className="site-footer__group">
        <h2 className="site-footer__heading">{group.title}</h2>
        <LinkList links={group.links} className="site-footer__links" />
      </div>
    );
  }
  return (
    <div className="site-footer__group">
      {mode === 'pending' ? (
        <h2 className="site-footer__heading site-footer__heading--pending">
          {group.title}
          <span className="site-footer__chevron" aria-hidden="true" />
        </h2>
      ) : (
        <h2 className="site-footer__heading site-footer__heading--toggle">
          <button
            type="button"
            className="site-footer__toggle"
            aria-expanded={open}
            aria-controls={linksId}
            onClick={() => setOpen((value) => !value)}
          >
            {group.title}
            <span className="site-footer__chevron" aria-hidden="true" />
          </button>
        </h2>
      )}
      <HeightTransition open={open} id={linksId}>
        <LinkList links={group.links} className="site-footer__links" />
      </HeightTransition>
    </div>
  );
}

function AppDownloads({ title, links }: { title: string; links: readonly CmsLink[] }) {
  if (links.length === 0) return null;
  return (
    <div className="site-footer__app">
      <h2 className="site-footer__heading">{title}</h2>
      <LinkList links={links} className="site-footer__app-links" />
    </div>
  );
}

/**
 * The footer of spec §2: logo and icons, link groups, the app download blocks (download
 * links 1–2, then 3–4 as the business app), social links that have a URL, the copyright
 * with the current year, extra links and the cookie-settings trigger.
 */
// eslint-disable-next-line max-lines-per-function -- markup, column by column in the order the footer shows them
export function Footer({ layout }: { layout: Layout | null }) {
  const { i18n } = useLingui();
  const { basename } = useSite();
  const groupsId = useId();
  const desktop = useMinWidth('smallDesktop');
  const year = useRenderDate().getFullYear();
  const mode = desktop === null ? 'pending' : desktop ? 'plain' : 'collapsible';
  const social = layout?.someLinks.filter((link) => Boolean(link.url)) ?? [];
  const downloads = layout?.downloadLinks ?? [];
  return (
    <CachedElement
      as="footer"
      className="site-footer"
      owner={layout}
      // Everything the footer's markup depends on besides the layout.
      cacheKey={import.meta.env.SSR ? [i18n.locale, basename, groupsId, mode, year].join('|') : undefined}
    >
      {() => (
        <div className="site-footer__inner">
          {layout ? (
            <>
              <div className="site-footer__brand">
                <img
                  className="site-footer__logo"
                  src={layout.logo?.src ?? '/images/logo.svg'}
                  alt={layout.logo?.alt || 'St1'}
                  width={layout.logo?.width ?? 120}
                  height={layout.logo?.height ?? 48}
                  loading="lazy"
                />
                {layout.icons.length > 0 ? (
                  <ul className="site-footer__icons">
                    {layout.icons.map((icon, index) => (
                      <li key={icon.id ?? index}>
                        <img
                          src={icon.src}
                          alt={icon.alt}
                          width={icon.width ?? 48}
                          height={icon.height ?? 48}
                          loading="lazy"
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <div className="site-footer__groups">
                {layout.footerLinks.map((group, index) => (
                  <FooterLinkGroup
                    key={`${index}-${group.title}`}
                    group={group}
                    mode={mode}
                    linksId={`${groupsId}-${index}`}
                  />
                ))}
              </div>
              <div className="site-footer__apps">
                <AppDownloads title={i18n._('footer.appDownloads')} links={downloads.slice(0, 2)} />
                <AppDownloads title={i18n._('footer.businessApp')} links={downloads.slice(2, 4)} />
              </div>
            </>
          ) : null}
          {social.length > 0 ? (
            <div className="site-footer__social">
              <h2 className="site-footer__heading">{i18n._('footer.social')}</h2>
              <ul>
                {social.map((link) => (
                  <li key={link.kind}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {link.title}
                      <NewTabNote />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="site-footer__bottom">
            <p className="site-footer__copyright">{i18n._('footer.copyright', { year })}</p>
            <ul className="site-footer__extra">
              {layout?.extraLinks.map((link, index) => (
                <li key={`${index}-${link.title}`}>
                  <CmsLinkView link={link} />
                </li>
              ))}
              <li>
                <CookieSettingsButton className="site-footer__cookie-settings" />
              </li>
            </ul>
          </div>
        </div>
      )}
    </CachedElement>
  );
}
