/**
 * The block kinds and page kinds that the content feature does not render itself: their
 * components are separate chunks, most of them other features' (the shop's blocks, the
 * station locator, account pages). The app composes them (src/app/lazy-blocks.ts) and
 * hands the registry to CmsPage, so that this feature imports no other feature.
 */
import type { ComponentType, ReactNode } from 'react';
import type { KnownBlock, PageContent } from '#shared/content-schema';

export interface LazyBlockProps {
  block: KnownBlock;
  page: PageContent;
}

/** A page kind whose component replaces the plain CMS page; it renders the body blocks it is given. */
export interface LazyPageProps {
  page: PageContent;
  body: ReactNode;
}

export interface BlockRegistry {
  /** Whether the kind's component comes from the registry (rather than the renderer's own). */
  isLazyBlockKind(kind: string): boolean;
  /** The component of a lazily loaded kind, when its chunk is loaded. */
  lazyBlockComponent(kind: string): ComponentType<LazyBlockProps> | undefined;
  /** The component of a page kind (contentType), when it has one and its chunk is loaded. */
  lazyPageComponent(contentType: string): ComponentType<LazyPageProps> | undefined;
}
