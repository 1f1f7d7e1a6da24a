import { createElement } from 'react';
import type { KnownBlock, PageContent } from '#shared/content-schema';
import { ArticleListBlock } from './article-list-block';
import { HeroBlock } from './hero-block';
import { LinkListBlock } from './link-list-block';
import { ProductTeaserBlock } from './product-teaser-block';
import { QuickNavigationBlock } from './quick-navigation-block';
import { isKnownBlock } from '../block-types';
import { pageHeadingBlockIndex } from '../page-heading';
import type { BlockRegistry } from '../block-registry';
import { RichText } from './rich-text';
import './blocks.css';

function BlockView({
  block,
  page,
  isPageHeading,
  registry,
}: {
  block: KnownBlock;
  page: PageContent;
  isPageHeading: boolean;
  registry: BlockRegistry;
}) {
  if (registry.isLazyBlockKind(block.type)) {
    // createElement with a stable component from the lazy-block registry (loaded once
    // per kind): nothing is created during render.
    const Component = registry.lazyBlockComponent(block.type);
    if (!Component) {
      console.error(`CMS block "${block.type}" rendered before its chunk was loaded`);
      return null;
    }
    return createElement(Component, { block, page });
  }
  switch (block.type) {
    case 'hero':
      return <HeroBlock block={block} isPageHeading={isPageHeading} />;
    case 'richText':
      return <RichText html={block.html} />;
    case 'linkList':
      return <LinkListBlock block={block} />;
    case 'articleList':
      return <ArticleListBlock block={block} />;
    case 'quickNavigation':
      return <QuickNavigationBlock block={block} />;
    case 'productTeaser':
      return <ProductTeaserBlock block={block} />;
    default:
      return null;
  }
}

/**
 * Renders the body blocks of a page. An unknown kind (or a known kind whose fields did
 * not fit, which the schema renamed 'invalid:<kind>') renders nothing and is logged.
 * Kinds in separate chunks come from the registry the app passes in.
 */
export function BlockRenderer({ page, registry }: { page: PageContent; registry: BlockRegistry }) {
  const headingIndex = pageHeadingBlockIndex(page.body);
  return (
    <>
      {page.body.map((block, index) => {
        if (!isKnownBlock(block)) {
          console.warn(`Unknown CMS block type "${block.type}" skipped`);
          return null;
        }
        return <BlockView key={index} block={block} page={page} isPageHeading={index === headingIndex} registry={registry} />;
      })}
    </>
  );
}
