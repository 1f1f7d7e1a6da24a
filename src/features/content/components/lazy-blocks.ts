/**
 * Block kinds that the landing page does not use are separate chunks, so that the
 * landing page's JavaScript stays within its budget (docs/performance.md). A page's
 * chunks are loaded before it renders: before hydration for the first page, in the
 * route loader for client navigation, and all of them once on the server. Rendering a
 * kind whose chunk is not loaded would differ from the server's HTML, so it never happens
 * silently: it is logged and renders nothing.
 */
import type { ComponentType, ReactNode } from 'react';
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
  // Account pages and contact forms (docs/accounts.md): their texts and the spec §5 rule messages.
  account: withMessages(
    'forms',
    withMessages('account', () => import('../../account/components/account-block').then((module) => as(module.AccountBlock))),
  ),
  contactForm: withMessages('forms', () =>
    import('../../forms/components/contact-form-block').then((module) => as(module.ContactFormBlock)),
  ),
  // The locator's search, filters, offline store and map belong to the stations feature.
  stationLocator: withMessages('stations', () =>
    import('../../stations/components/station-locator').then((module) => as(module.StationLocator)),
  ),
  // The shop's blocks (docs/shop.md): cart and checkout code with the `shop` catalog.
  shopProducts: withMessages('shop', () =>
    import('../../cart/components/shop-products-block').then((module) => as(module.ShopProductsBlock)),
  ),
  shopCart: withMessages('shop', () => import('../../cart/components/cart-block').then((module) => as(module.CartBlock))),
  washCodeCheck: withMessages('shop', () =>
    import('../../cart/components/wash-code-check').then((module) => as(module.WashCodeCheckBlock)),
  ),
  shopCheckout: withMessages(
    'forms',
    withMessages('shop', () => import('../../cart/checkout/components/checkout-block').then((module) => as(module.CheckoutBlock))),
  ),
  shopConfirmation: withMessages('shop', () =>
    import('../../cart/checkout/components/confirmation-block').then((module) => as(module.ConfirmationBlock)),
  ),
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

/** A page kind whose component replaces the plain CMS page; it renders the body blocks it is given. */
export interface LazyPageProps {
  page: PageContent;
  body: ReactNode;
}

type PageLoader = () => Promise<ComponentType<LazyPageProps>>;

/** Page kinds by contentType, loaded like block kinds (docs/stations.md for stationPage). */
const PAGE_LOADERS: Record<string, PageLoader> = {
  stationPage: async () =>
    (
      await Promise.all([
        import('../../stations/components/station-page').then((module) => module.StationPage),
        loadFeatureMessages('stations'),
      ])
    )[0],
};

const loadedPages = new Map<string, ComponentType<LazyPageProps>>();

/** The component of a page kind (contentType), when it has one and its chunk is loaded. */
export function lazyPageComponent(contentType: string): ComponentType<LazyPageProps> | undefined {
  return loadedPages.get(contentType);
}

async function loadPageKinds(contentTypes: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(contentTypes)]
      .filter((kind) => kind in PAGE_LOADERS && !loadedPages.has(kind))
      .map(async (kind) => loadedPages.set(kind, await PAGE_LOADERS[kind]!())),
  );
}

/** Loads the chunks of the block kinds a page uses (and of its page kind). */
export async function preloadPageBlocks(page: PageContent | null | undefined): Promise<void> {
  if (page) await Promise.all([load(page.body.map((block) => block.type)), loadPageKinds([page.contentType])]);
}

/** Loads every lazily loaded kind (the server renders any page). */
export async function preloadAllBlocks(): Promise<void> {
  await Promise.all([load(Object.keys(LOADERS)), loadPageKinds(Object.keys(PAGE_LOADERS))]);
}
