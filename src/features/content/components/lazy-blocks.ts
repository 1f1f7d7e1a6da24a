/**
 * Block kinds that the landing page does not use are separate chunks, so that the
 * landing page's JavaScript stays within its budget (docs/performance.md). A page's
 * chunks are loaded before it renders: before hydration for the first page, in the
 * route loader for client navigation, and all of them once on the server. Rendering a
 * kind whose chunk is not loaded would differ from the server's HTML, so it never happens
 * silently: it is logged and renders nothing.
 */
import type { ComponentType } from 'react';
import { loadFeatureMessages, type FeatureCatalog } from '../../../i18n/catalogs';
import type { KnownBlock, PageContent } from '../../../shared/content-schema';

export interface LazyBlockProps {
  block: KnownBlock;
  page: PageContent;
}

type Loader = () => Promise<ComponentType<LazyBlockProps>>;

// Each component takes a narrower block type; the renderer passes the block of the
// matching kind, so the cast only widens the declared props.
const as = (component: unknown) => component as ComponentType<LazyBlockProps>;

/** A kind whose texts live in a feature catalog: the chunk and the catalog load together. */
export function withMessages(feature: FeatureCatalog, loader: Loader): Loader {
  return async () => (await Promise.all([loader(), loadFeatureMessages(feature)]))[0];
}

const LOADERS: Record<string, Loader> = {
  image: () => import('./blocks/image-block').then((module) => as(module.ImageBlock)),
  video: () => import('./blocks/video-block').then((module) => as(module.VideoBlock)),
  cardGrid: () => import('./blocks/card-grid-block').then((module) => as(module.CardGridBlock)),
  accordion: () => import('./blocks/accordion-block').then((module) => as(module.AccordionBlock)),
  article: () => import('./blocks/article-block').then((module) => as(module.ArticleBlock)),
  appDownload: () => import('./blocks/app-download-block').then((module) => as(module.AppDownloadBlock)),
  contactDetails: () => import('./blocks/contact-details-block').then((module) => as(module.ContactDetailsBlock)),
  // The siteSearch block's form, API call and states belong to the search feature.
  siteSearch: () => import('../../search/components/site-search').then((module) => as(module.SiteSearch)),
};

const loaded = new Map<string, ComponentType<LazyBlockProps>>();

export function isLazyBlockKind(kind: string): boolean {
  return kind in LOADERS;
}

/** The component of a lazily loaded kind, when its chunk is loaded. */
export function lazyBlockComponent(kind: string): ComponentType<LazyBlockProps> | undefined {
  return loaded.get(kind);
}

async function load(kinds: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(kinds)]
      .filter((kind) => isLazyBlockKind(kind) && !loaded.has(kind))
      .map(async (kind) => loaded.set(kind, await LOADERS[kind]!())),
  );
}

/** Loads the chunks of the block kinds a page uses. */
export function preloadPageBlocks(page: PageContent | null | undefined): Promise<void> {
  return page ? load(page.body.map((block) => block.type)) : Promise.resolve();
}

/** Loads every lazily loaded kind (the server renders any page). */
export function preloadAllBlocks(): Promise<void> {
  return load(Object.keys(LOADERS));
}
