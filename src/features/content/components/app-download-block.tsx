import { CmsImage } from '@/ui/cms-image';
import { CmsLinkView } from '@/ui/cms-link-view';
import type { KnownBlockOf } from '#shared/content-schema';

/** App store links; a link with an image shows the store badge, named by the link title. */
export function AppDownloadBlock({ block }: { block: KnownBlockOf<'appDownload'> }) {
  return (
    <section className="app-download">
      <h2>{block.title}</h2>
      {block.text ? <p>{block.text}</p> : null}
      <ul className="app-download__links">
        {block.links.map((link, index) => (
          <li key={`${link.title}-${index}`}>
            <CmsLinkView link={link} className="app-download__link">
              {link.image ? (
                <CmsImage asset={{ ...link.image, alt: link.title }} preset="thumbnail" className="app-download__badge" />
              ) : (
                link.title
              )}
            </CmsLinkView>
          </li>
        ))}
      </ul>
    </section>
  );
}
