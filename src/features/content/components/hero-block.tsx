import type { KnownBlockOf } from '#shared/content-schema';
import { CmsImage } from '@/ui/cms-image';
import { CmsLinkView } from '@/ui/cms-link-view';
import { useBackgroundColour } from './use-background-colour';

/** Hero: the first hero of a page carries its h1; later ones are sections with an h2. */
export function HeroBlock({ block, isPageHeading }: { block: KnownBlockOf<'hero'>; isPageHeading: boolean }) {
  const { ref, tone } = useBackgroundColour<HTMLElement>(block.backgroundColor);
  const Heading = isPageHeading ? 'h1' : 'h2';
  return (
    <section ref={ref} className={block.image ? 'hero hero--with-image' : 'hero'} data-tone={tone}>
      <div className="hero__body">
        <Heading className="hero__title">{block.title}</Heading>
        {block.text ? <p className="hero__text">{block.text}</p> : null}
        {block.link ? <CmsLinkView link={block.link} className="button button--primary" /> : null}
      </div>
      {block.image ? (
        <CmsImage
          asset={block.image}
          preset="hero"
          className="hero__image"
          sizes="md:100vw 50vw"
          priority={isPageHeading}
        />
      ) : null}
    </section>
  );
}
