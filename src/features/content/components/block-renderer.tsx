import type { KnownBlock, PageContent } from '../../../shared/content-schema';
// The one feature-to-feature import: the siteSearch block is a CMS block, but its form,
// API call and states belong to the search feature.
import { SiteSearch } from '../../search/components/site-search';
import { AccordionBlock } from './blocks/accordion-block';
import { AppDownloadBlock } from './blocks/app-download-block';
import { ArticleBlock } from './blocks/article-block';
import { ArticleListBlock } from './blocks/article-list-block';
import { CardGridBlock } from './blocks/card-grid-block';
import { ContactDetailsBlock } from './blocks/contact-details-block';
import { HeroBlock } from './blocks/hero-block';
import { ImageBlock } from './blocks/image-block';
import { LinkListBlock } from './blocks/link-list-block';
import { ProductTeaserBlock } from './blocks/product-teaser-block';
import { QuickNavigationBlock } from './blocks/quick-navigation-block';
import { VideoBlock } from './blocks/video-block';
import { isKnownBlock } from '../block-types';
import { pageHeadingBlockIndex } from '../page-heading';
import { RichText } from './rich-text';
import './blocks.css';

function BlockView({ block, page, isPageHeading }: { block: KnownBlock; page: PageContent; isPageHeading: boolean }) {
  switch (block.type) {
    case 'hero':
      return <HeroBlock block={block} isPageHeading={isPageHeading} />;
    case 'richText':
      return <RichText html={block.html} />;
    case 'image':
      return <ImageBlock block={block} />;
    case 'video':
      return <VideoBlock block={block} />;
    case 'linkList':
      return <LinkListBlock block={block} />;
    case 'cardGrid':
      return <CardGridBlock block={block} />;
    case 'accordion':
      return <AccordionBlock block={block} />;
    case 'article':
      return <ArticleBlock block={block} page={page} />;
    case 'articleList':
      return <ArticleListBlock block={block} />;
    case 'quickNavigation':
      return <QuickNavigationBlock block={block} />;
    case 'appDownload':
      return <AppDownloadBlock block={block} />;
    case 'productTeaser':
      return <ProductTeaserBlock block={block} />;
    case 'contactDetails':
      return <ContactDetailsBlock block={block} />;
    case 'siteSearch':
      return <SiteSearch />;
  }
}

/**
 * Renders the body blocks of a page. An unknown kind (or a known kind whose fields did
 * not fit, which the schema renamed 'invalid:<kind>') renders nothing and is logged.
 */
export function BlockRenderer({ page }: { page: PageContent }) {
  const headingIndex = pageHeadingBlockIndex(page.body);
  return (
    <>
      {page.body.map((block, index) => {
        if (!isKnownBlock(block)) {
          console.warn(`Unknown CMS block type "${block.type}" skipped`);
          return null;
        }
        return <BlockView key={index} block={block} page={page} isPageHeading={index === headingIndex} />;
      })}
    </>
  );
}
