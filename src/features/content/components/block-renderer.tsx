import type { Block, KnownBlock } from '../../../shared/content-schema';
import { CmsLinkView } from '../../../ui/cms-link-view';
import { RichText } from './rich-text';

function isKnown(block: Block): block is KnownBlock {
  return block.type === 'hero' || block.type === 'richText' || block.type === 'linkList';
}

function BlockView({ block, isFirst }: { block: KnownBlock; isFirst: boolean }) {
  switch (block.type) {
    case 'hero':
      return (
        <section className="hero">
          {isFirst ? <h1>{block.title}</h1> : <h2>{block.title}</h2>}
          {block.text ? <p className="hero__text">{block.text}</p> : null}
          {block.link ? <CmsLinkView link={block.link} className="button button--primary" /> : null}
        </section>
      );
    case 'richText':
      return <RichText html={block.html} />;
    case 'linkList':
      return (
        <nav className="link-list" aria-label={block.title}>
          {block.title ? <h2>{block.title}</h2> : null}
          <ul>
            {block.links.map((link, index) => (
              <li key={`${link.title}-${index}`}>
                <CmsLinkView link={link} />
              </li>
            ))}
          </ul>
        </nav>
      );
  }
}

/** Renders the body blocks of a page; an unknown kind renders nothing and is logged. */
export function BlockRenderer({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        if (!isKnown(block)) {
          console.warn(`Unknown CMS block type "${block.type}" skipped`);
          return null;
        }
        return <BlockView key={index} block={block} isFirst={index === 0} />;
      })}
    </>
  );
}
