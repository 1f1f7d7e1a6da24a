/**
 * Block kinds that the landing page does not use are separate chunks, so that the
 * landing page's JavaScript stays within its budget (docs/performance.md). A page's
 * chunks are loaded before it renders: before hydration for the first page, in the
 * route loader for client navigation, and all of them once on the server. Rendering a
 * kind whose chunk is not loaded would differ from the server's HTML, so it never happens
 * silently: it is logged and renders nothing.
 *
 * The registry lives in the app, which composes features: the content feature renders
 * pages and gets the other features' block components through `blockRegistry`
 * (src/features/content/block-registry.ts), passed to CmsPage by the route.
 */
import type { ComponentType } from 'react';
import { withArticleFirst, type BlockRegistry, type LazyBlockProps, type LazyPageProps } from '@/features/content';
import { loadFeatureMessages, type FeatureCatalog } from '@/i18n/catalogs';
import type { PageContent } from '#shared/content-schema';

type Loader = () => Promise<ComponentType<LazyBlockProps>>;

// Each component takes a narrower block type; the renderer passes the block of the
// matching kind, so the cast only widens the declared props.
const as = (component: unknown) => component as ComponentType<LazyBlockProps>;

/** A kind whose texts live in a feature catalog: the chunk and the catalog load together. */
function withMessages(feature: FeatureCatalog, loader: Loader): Loader {
  return async () => (await Promise.all([loader(), loadFeatureMessages(feature)]))[0];
}

const LOADERS: Record<string, Loader> = {
  image: () => import('@/features/content/components/image-block').then((module) => as(module.ImageBlock)),
  video: () => import('@/features/content/components/video-block').then((module) => as(module.VideoBlock)),
  cardGrid: () => import('@/features/content/components/card-grid-block').then((module) => as(module.CardGridBlock)),
  accordion: () => import('@/features/content/components/accordion-block').then((module) => as(module.AccordionBlock)),
  article: () => import('@/features/content/components/article-block').then((module) => as(module.ArticleBlock)),
  appDownload: () =>
    import('@/features/content/components/app-download-block').then((module) => as(module.AppDownloadBlock)),
  contactDetails: () =>
    import('@/features/content/components/contact-details-block').then((module) => as(module.ContactDetailsBlock)),
  // The siteSearch block's form, API call and states belong to the search feature.
  siteSearch: () => import('@/features/search/components/site-search').then((module) => as(module.SiteSearch)),
  // Account pages and contact forms (docs/accounts.md): their texts and the spec §5 rule messages.
  account: withMessages(
    'forms',
    withMessages('account', () =>
      import('@/features/account/components/account-block').then((module) => as(module.AccountBlock)),
    ),
  ),
  contactForm: withMessages('forms', () =>
    import('@/features/forms/components/contact-form-block').then((module) => as(module.ContactFormBlock)),
  ),
  // The locator's search, filters, offline store and map belong to the stations feature.
  stationLocator: withMessages('stations', () =>
    import('@/features/stations/components/station-locator').then((module) => as(module.StationLocator)),
  ),
  // The shop's blocks (docs/shop.md): cart and checkout code with the `shop` catalog.
  shopProducts: withMessages('shop', () =>
    import('@/features/shop/components/shop-products-block').then((module) => as(module.ShopProductsBlock)),
  ),
  shopCart: withMessages('shop', () =>
    import('@/features/shop/components/cart-block').then((module) => as(module.CartBlock)),
  ),
  washCodeCheck: withMessages('shop', () =>
    import('@/features/shop/components/wash-code-check').then((module) => as(module.WashCodeCheckBlock)),
  ),
  shopCheckout: withMessages(
    'forms',
    withMessages('shop', () =>
      import('@/features/shop/components/checkout-block').then((module) => as(module.CheckoutBlock)),
    ),
  ),
  shopConfirmation: withMessages('shop', () =>
    import('@/features/shop/components/confirmation-block').then((module) => as(module.ConfirmationBlock)),
  ),
};

const loaded = new Map<string, ComponentType<LazyBlockProps>>();

function isLazyBlockKind(kind: string): boolean {
  return kind in LOADERS;
}

async function load(kinds: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(kinds)]
      .filter((kind) => isLazyBlockKind(kind) && !loaded.has(kind))
      .map(async (kind) => loaded.set(kind, await LOADERS[kind]!())),
  );
}

type PageLoader = () => Promise<ComponentType<LazyPageProps>>;

/** Page kinds by contentType, loaded like block kinds (docs/stations.md for stationPage). */
const PAGE_LOADERS: Record<string, PageLoader> = {
  stationPage: async () =>
    (
      await Promise.all([
        import('@/features/stations/components/station-page').then((module) => module.StationPage),
        loadFeatureMessages('stations'),
      ])
    )[0],
};

const loadedPages = new Map<string, ComponentType<LazyPageProps>>();

async function loadPageKinds(contentTypes: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(contentTypes)]
      .filter((kind) => kind in PAGE_LOADERS && !loadedPages.has(kind))
      .map(async (kind) => loadedPages.set(kind, await PAGE_LOADERS[kind]!())),
  );
}

/** What CmsPage renders the lazily loaded kinds with (loaded beforehand by the functions below). */
export const blockRegistry: BlockRegistry = {
  isLazyBlockKind,
  lazyBlockComponent: (kind) => loaded.get(kind),
  lazyPageComponent: (contentType) => loadedPages.get(contentType),
};

/** Loads the chunks of the block kinds a page uses (and of its page kind). */
export async function preloadPageBlocks(page: PageContent | null | undefined): Promise<void> {
  if (!page) return;
  // The body as CmsPage renders it: an article page gets its article block even without one.
  const { body } = withArticleFirst(page);
  await Promise.all([load(body.map((block) => block.type)), loadPageKinds([page.contentType])]);
}

/** The block kinds that show the cart: a page with one loads the cart before it renders. */
const CART_BLOCK_KINDS = new Set(['shopProducts', 'shopCart', 'shopCheckout', 'shopConfirmation']);

export function pageUsesCart(page: PageContent | null | undefined): boolean {
  return page?.body.some((block) => CART_BLOCK_KINDS.has(block.type)) ?? false;
}

/** Loads every lazily loaded kind (the server renders any page). */
export async function preloadAllBlocks(): Promise<void> {
  await Promise.all([load(Object.keys(LOADERS)), loadPageKinds(Object.keys(PAGE_LOADERS))]);
}
