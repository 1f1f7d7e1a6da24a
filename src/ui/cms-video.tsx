/**
 * A CMS video: mp4 or webm in a 16:9 box, width 1920,
 * autoplaying muted and looping inline. Moving content that plays on its own needs a
 * way to stop it (WCAG 2.2.2), hence the pause button; with reduced motion it starts paused.
 */
import { useEffect, useRef, useState } from 'react';
import { assetExtension, mimeTypeOf } from '#shared/asset-types';
import type { Asset } from '#shared/content-schema';
import { useLingui } from '@lingui/react';
import './cms-image.css';
import { VIDEO_HEIGHT, VIDEO_WIDTH } from '#shared/rules/limits';

export interface CmsVideoProps {
  asset: Asset;
  /** Accessible name of the video; defaults to the asset's alt or title. */
  title?: string;
  className?: string;
  autoPlay?: boolean;
}

export function CmsVideo({ asset, title, className, autoPlay = true }: CmsVideoProps) {
  const { i18n } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(autoPlay);
  const type = mimeTypeOf(assetExtension(asset) ?? '');

  useEffect(() => {
    const element = video.current;
    if (!element || !autoPlay) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      element.pause();
      return;
    }
    // Browsers autoplay only muted video; the muted property is set here in case the
    // server-rendered markup lacked the attribute.
    element.muted = true;
    if (element.paused) void element.play().catch(() => setPlaying(false));
  }, [autoPlay]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  return (
    <div className={['cms-video', className].filter(Boolean).join(' ')}>
      <video
        ref={video}
        className="cms-video__media"
        width={VIDEO_WIDTH}
        height={VIDEO_HEIGHT}
        autoPlay={autoPlay}
        muted
        loop
        playsInline
        preload={autoPlay ? 'auto' : 'metadata'}
        aria-label={title ?? (asset.alt || asset.title)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={asset.src} {...(type ? { type } : {})} />
      </video>
      <button type="button" className="cms-video__toggle" onClick={toggle}>
        {playing ? i18n._('video.pause') : i18n._('video.play')}
      </button>
    </div>
  );
}
