/**
 * What the app shell uses of the content feature statically. Its blocks and its payload
 * fetch load by path with import() (src/app/lazy-blocks.ts, src/entry-client.tsx), so
 * that each stays its own chunk.
 */
export { CmsPage } from './components/cms-page';
export { withArticleFirst } from './page-heading';
export type { BlockRegistry, LazyBlockProps, LazyPageProps } from './block-registry';
