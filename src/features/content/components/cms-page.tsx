import type { Page } from '../../../shared/content-schema';
import { useT } from '../../../i18n/use-t';
import { BlockRenderer } from './block-renderer';

/** A CMS page. The first hero block carries the page's h1; pages without one get it from the title. */
export function CmsPage({ page }: { page: Page }) {
  const t = useT();
  const { content } = page;
  const heroFirst = content.body[0]?.type === 'hero';
  return (
    <article className={`cms-page cms-page--${content.contentType}`}>
      {heroFirst ? null : <h1>{content.title}</h1>}
      {content.contentType === 'articlePage' && (content.byline || content.created) ? (
        <p className="article-meta">
          {content.byline ? <span>{t('page.byline', { name: content.byline })}</span> : null}
          {content.created ? <time dateTime={content.created}>{t('page.publishedOn', { date: content.created })}</time> : null}
        </p>
      ) : null}
      <BlockRenderer blocks={content.body} />
    </article>
  );
}
