import { createElement } from 'react';
import type { Page } from '#shared/content-schema';
import { pageHeadingBlockIndex, withArticleFirst } from '../page-heading';
import type { BlockRegistry } from '../block-registry';
import { BlockRenderer } from './block-renderer';
import './themes.css';

/**
 * A CMS page. Its one h1 is the first hero block, or on an article page the article
 * block; a page with neither gets it from the title. A brand theme (content.theme) goes
 * on the wrapper as data-theme, which themes.css turns into the --theme-* properties.
 * `blocks` gives the components of the kinds in separate chunks (src/app/lazy-blocks.ts).
 */
export function CmsPage({ page, blocks }: { page: Page; blocks: BlockRegistry }) {
  const content = withArticleFirst(page.content);
  // A page kind with its own component (a station page) gets the body blocks to place.
  const PageKind = blocks.lazyPageComponent(content.contentType);
  if (PageKind) {
    return (
      <article className={`cms-page cms-page--${content.contentType}`} data-theme={content.theme}>
        {createElement(PageKind, { page: content, body: <BlockRenderer page={content} registry={blocks} /> })}
      </article>
    );
  }
  const headingFromBlock = pageHeadingBlockIndex(content.body) >= 0;
  return (
    <article className={`cms-page cms-page--${content.contentType}`} data-theme={content.theme}>
      {headingFromBlock ? null : <h1>{content.title}</h1>}
      <BlockRenderer page={content} registry={blocks} />
    </article>
  );
}
