import type { KnownBlockOf } from '#shared/content-schema';
import { CmsVideo } from '@/ui/cms-video';

export function VideoBlock({ block }: { block: KnownBlockOf<'video'> }) {
  return (
    <figure className="video-block">
      <CmsVideo asset={block.video} title={block.title} />
      <figcaption>{block.title}</figcaption>
    </figure>
  );
}
