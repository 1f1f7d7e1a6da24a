import { useLingui } from '@lingui/react';
import type { KnownBlockOf, PageContent } from '#shared/content-schema';
import { CmsImage } from '@/ui/cms-image';
import { useCmsDate } from '../use-cms-date';

/**
 * Tags that are keys rather than words: the CMS uses them to sort articles into the press
 * release and story lists (articleList `tag`), so they are shown by their message in the
 * page's language (article.tag.*). Other tags are written by editors in the page's
 * language and shown as written.
 */
const TAG_MESSAGES: Record<string, string> = {
  pressRelease: /*i18n*/ 'article.tag.pressRelease',
  story: /*i18n*/ 'article.tag.story',
};

/** Head of an article page: h1 (page title), byline, created date, image, tags and lead. */
export function ArticleBlock({ block, page }: { block: KnownBlockOf<'article'>; page: PageContent }) {
  const { i18n } = useLingui();
  const cmsDate = useCmsDate();
  return (
    <header className="article-header">
      <h1 className="article-header__title">{page.title}</h1>
      {page.byline || page.created ? (
        <p className="article-meta">
          {page.byline ? <span>{i18n._('page.byline', { name: page.byline })}</span> : null}
          {page.created ? (
            <time dateTime={page.created}>
              {i18n._('page.publishedOn', { date: cmsDate(page.created) })}
            </time>
          ) : null}
        </p>
      ) : null}
      {page.image ? (
        <CmsImage
          asset={page.image}
          preset="article"
          className="article-header__image"
          sizes="xl:100vw 720px"
          priority
        />
      ) : null}
      {page.tags && page.tags.length > 0 ? (
        <ul className="article-tags" aria-label={i18n._('article.tags')}>
          {page.tags.map((tag) => (
            <li key={tag} className="article-tags__tag">
              {TAG_MESSAGES[tag] ? i18n._(TAG_MESSAGES[tag]) : tag}
            </li>
          ))}
        </ul>
      ) : null}
      {block.lead ? <p className="article-header__lead">{block.lead}</p> : null}
    </header>
  );
}
