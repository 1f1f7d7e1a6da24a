import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { resolveCmsLink } from '../shared/cms-link';
import type { CmsLink } from '../shared/content-schema';

/** Renders a CMS link: router link inside the site, plain anchor outside it. */
export function CmsLinkView({
  link,
  className,
  children,
}: {
  link: CmsLink;
  className?: string;
  children?: ReactNode;
}) {
  const resolved = resolveCmsLink(link);
  const content = children ?? link.title;
  if (resolved.kind === 'internal') {
    return (
      <Link to={resolved.to} className={className}>
        {content}
      </Link>
    );
  }
  if (resolved.kind === 'external') {
    return (
      <a
        href={resolved.href}
        className={className}
        {...(resolved.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {content}
      </a>
    );
  }
  return <span className={className}>{content}</span>;
}
