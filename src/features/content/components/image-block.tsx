import type { KnownBlockOf } from '#shared/content-schema';
import { CmsImage } from '@/ui/cms-image';

export function ImageBlock({ block }: { block: KnownBlockOf<'image'> }) {
  return (
    <figure className="image-block">
      <CmsImage asset={block.image} preset="article" sizes="xl:100vw 1152px" />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}
