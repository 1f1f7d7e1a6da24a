import { useT } from '../i18n/use-t';
import type { Layout } from '../shared/content-schema';
import { CmsLinkView } from '../ui/cms-link-view';

export function Footer({ layout }: { layout: Layout | null }) {
  const t = useT();
  const year = new Date().getFullYear();
  const social = layout?.someLinks.filter((link) => Boolean(link.url)) ?? [];
  return (
    <footer className="site-footer">
      {layout ? (
        <div className="site-footer__groups">
          {layout.footerLinks.map((group) => (
            <section key={group.title} className="site-footer__group">
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link, index) => (
                  <li key={index}>
                    <CmsLinkView link={link} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
      {social.length > 0 ? (
        <ul className="site-footer__social" aria-label={t('footer.social')}>
          {social.map((link) => (
            <li key={link.kind}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="site-footer__bottom">
        <p>{t('footer.copyright', { year })}</p>
        {layout?.extraLinks.length ? (
          <ul className="site-footer__extra">
            {layout.extraLinks.map((link, index) => (
              <li key={index}>
                <CmsLinkView link={link} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
