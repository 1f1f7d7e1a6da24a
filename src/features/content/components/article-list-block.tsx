import { Link } from '@/ui/link';
import { useLingui } from '@lingui/react';
import { CmsImage } from '@/ui/cms-image';
import type { KnownBlockOf } from '#shared/content-schema';
import { useCmsDate } from '../use-cms-date';

/** Articles the origin picked for this list (newest first), as cards linking to them. */
export function ArticleListBlock({ block }: { block: KnownBlockOf<'articleList'> }) {
  const { i18n } = useLingui();
  const cmsDate = useCmsDate();
  const ItemHeading = block.title ? 'h3' : 'h2';
  return (
    <section className="article-list">
      {block.title ? <h2>{block.title}</h2> : null}
      {block.items.length === 0 ? (
        <p>{i18n._('articleList.empty')}</p>
      ) : (
        <ul className="card-grid__list">
          {block.items.map((item) => (
            <li key={item.path} className="card">
              {item.image ? (
                <CmsImage
                  asset={item.image}
                  preset="card"
                  className="card__image"
                  sizes="md:100vw lg:50vw 33vw"
                />
              ) : null}
              <div className="card__body">
                <ItemHeading className="card__title">
                  <Link to={item.path} className="card__title-link">
                    {item.title}
                  </Link>
                </ItemHeading>
                <time dateTime={item.created} className="card__date">
                  {cmsDate(item.created)}
                </time>
                <p>{item.excerpt}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
