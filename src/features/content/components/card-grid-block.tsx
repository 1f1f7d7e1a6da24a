import type { KnownBlockOf } from '#shared/content-schema';
import { CmsImage } from '@/ui/cms-image';
import { CmsLinkView } from '@/ui/cms-link-view';

export function CardGridBlock({ block }: { block: KnownBlockOf<'cardGrid'> }) {
  const CardHeading = block.title ? 'h3' : 'h2';
  return (
    <section className="card-grid">
      {block.title ? <h2>{block.title}</h2> : null}
      <ul className="card-grid__list">
        {block.cards.map((card, index) => (
          <li key={`${card.title}-${index}`} className="card">
            {card.image ? (
              <CmsImage
                asset={card.image}
                preset="card"
                className="card__image"
                sizes="md:100vw lg:50vw 33vw"
              />
            ) : null}
            <div className="card__body">
              <CardHeading className="card__title">{card.title}</CardHeading>
              {card.text ? <p>{card.text}</p> : null}
              {card.link ? <CmsLinkView link={card.link} className="card__link" /> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
