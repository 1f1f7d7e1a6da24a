/**
 * A region that opens and closes with a HEIGHT_TRANSITION_MS height transition. The content
 * stays clipped (overflow hidden) until 500 ms after opening so that it does not spill out
 * while the box is still growing; after that, focus rings and shadows may overflow.
 *
 * The height animates through grid rows 0fr → 1fr, so no measured pixel height has to be
 * written into a style attribute (the CSP allows none). A closed region is also
 * `visibility: hidden`, which takes its links out of the tab order and the accessibility
 * tree once the closing transition ends.
 */
import { useEffect, useState, type ReactNode } from 'react';
import './height-transition.css';
import { HEIGHT_TRANSITION_MS } from '#shared/rules/limits';

export function HeightTransition({
  open,
  id,
  className,
  children,
}: {
  open: boolean;
  id?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  // A region that mounts open has nothing to animate, so it starts settled.
  const [settled, setSettled] = useState(open);
  const [previousOpen, setPreviousOpen] = useState(open);
  if (open !== previousOpen) {
    // Adjusting state while rendering (not in an effect) avoids one frame of unclipped content.
    setPreviousOpen(open);
    setSettled(false);
  }

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setSettled(true), HEIGHT_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const classes = ['height-transition', open ? 'is-open' : '', open && settled ? 'is-settled' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div id={id} className={classes} data-state={open ? (settled ? 'open' : 'opening') : 'closed'}>
      <div className="height-transition__inner">{children}</div>
    </div>
  );
}
