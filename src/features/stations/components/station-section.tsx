/** One block of a station page, marked with its kind (the order of spec §4 is tested by it). */
import type { ReactNode } from 'react';

export function Section({ kind, title, children }: { kind: string; title?: string; children: ReactNode }) {
  return (
    <section className={`station-section station-section--${kind}`} data-station-block={kind}>
      {title ? <h2>{title}</h2> : null}
      {children}
    </section>
  );
}
