import { CmsImage } from '@/ui/cms-image';
import { CmsLinkView } from '@/ui/cms-link-view';
import type { KnownBlockOf } from '#shared/content-schema';
import { useBackgroundColour } from './use-background-colour';

export function ProductTeaserBlock({ block }: { block: KnownBlockOf<'productTeaser'> }) {
  const { ref, tone } = useBackgroundColour<HTMLElement>(block.backgroundColor);
  return (
    <section ref={ref} className="product-teaser" data-tone={tone}>
      {block.image ? (
        <CmsImage
          asset={block.image}
          preset="card"
          className="product-teaser__image"
          sizes="md:100vw 40vw"
        />
      ) : null}
      <div className="product-teaser__body">
        <h2>{block.title}</h2>
        <p>{block.text}</p>
        <CmsLinkView link={block.link} className="button button--primary" />
      </div>
    </section>
  );
}
