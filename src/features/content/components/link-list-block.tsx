import type { KnownBlockOf } from '#shared/content-schema';
import { CmsLinkView } from '@/ui/cms-link-view';

export function LinkListBlock({ block }: { block: KnownBlockOf<'linkList'> }) {
  const list = (
    <ul>
      {block.links.map((link, index) => (
        <li key={`${link.title}-${index}`}>
          <CmsLinkView link={link} />
        </li>
      ))}
    </ul>
  );
  // A titled list is a landmark named by its heading; an untitled one stays a plain list.
  if (!block.title) return <div className="link-list">{list}</div>;
  return (
    <nav className="link-list" aria-label={block.title}>
      <h2>{block.title}</h2>
      {list}
    </nav>
  );
}
