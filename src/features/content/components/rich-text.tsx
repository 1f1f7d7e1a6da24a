import { useMemo, type MouseEvent } from 'react';
import { useLingui } from '@lingui/react';
import { useNavigate } from 'react-router';
import { NEW_TAB_MESSAGE_ID, withNewTabNotes } from '@/ui/new-tab-note';
import { useSite } from '@/ui/site-context';

/**
 * CMS rich text, sanitized by the origin. Internal links in it are locale-relative:
 * they get the router basename here and navigate on the client like any other link.
 * Links that open a new tab (the origin gives external ones target="_blank") say so.
 */
export function RichText({ html }: { html: string }) {
  const { basename } = useSite();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const withBasename = basename ? html.replace(/href="\/(?!\/)/g, `href="${basename}/`) : html;
  const shown = withNewTabNotes(withBasename, i18n._(NEW_TAB_MESSAGE_ID));
  // One object per text: React writes innerHTML again whenever this prop is a new object,
  // and a render for anything else (a catalog loaded, the router) would rebuild the links
  // under a keyboard user's focus (and drop anything added to them since).
  const inner = useMemo(() => ({ __html: shown }), [shown]);

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const local = basename && url.pathname.startsWith(basename) ? url.pathname.slice(basename.length) || '/' : url.pathname;
    void navigate(`${local}${url.search}${url.hash}`);
  }

  // The click handler only upgrades plain links to client navigation; keyboard users
  // activate the same links with Enter, which fires the click event too.
  return <div className="rich-text" onClick={onClick} dangerouslySetInnerHTML={inner} />;
}
