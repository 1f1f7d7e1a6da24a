import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from './link';
import { NewTabNote } from './new-tab-note';
import { resolveCmsLink } from '#shared/cms-link';
import type { CmsLink } from '#shared/content-schema';
import './cms-link-view.css';

const CardDialog = lazy(() => import('./card-dialog'));

/**
 * Renders a CMS link (spec §2 link kinds): router link inside the site, plain anchor
 * outside it (new tab with rel noopener unless told not to, and then saying so:
 * ./new-tab-note.tsx), and for a card a button
 * that opens a dialog with the link title as heading and url.value as text.
 */
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
        {resolved.newTab ? <NewTabNote /> : null}
      </a>
    );
  }
  if (resolved.kind === 'card') {
    return <CardLink heading={resolved.heading} text={resolved.text} className={className} content={content} />;
  }
  return <span className={className}>{content}</span>;
}

function CardLink({
  heading,
  text,
  className,
  content,
}: {
  heading: string;
  text: string;
  className?: string | undefined;
  content: ReactNode;
}) {
  // useId is the same on the server and in the browser, so the name survives hydration.
  const name = `card-${useId()}`;
  // The dialog is mounted on the first click (it opens itself) and kept mounted, so that
  // closing it returns focus to this button; later clicks open it through the store.
  const [requested, setRequested] = useState(false);
  function open() {
    if (!requested) setRequested(true);
    else void import('./modal-store').then(({ openModal }) => openModal(name));
  }
  return (
    <>
      <button
        type="button"
        className={className ? `${className} cms-card-link` : 'cms-card-link'}
        aria-haspopup="dialog"
        onClick={open}
      >
        {content}
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <CardDialog name={name} heading={heading} text={text} />
        </Suspense>
      ) : null}
    </>
  );
}
