import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { KnownBlockOf } from '#shared/content-schema';
import { RichText } from './rich-text';

/**
 * Accordion after the WAI-ARIA pattern (https://www.w3.org/WAI/ARIA/apg/patterns/accordion/):
 * each header is a button with aria-expanded and aria-controls; Enter and Space toggle
 * (native buttons), Arrow Up/Down move between headers, Home and End go to the first
 * and last. Items open independently.
 */
export function AccordionBlock({ block }: { block: KnownBlockOf<'accordion'> }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const ItemHeading = block.title ? 'h3' : 'h2';

  function toggle(index: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = block.items.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? (index + 1) % (last + 1)
        : event.key === 'ArrowUp'
          ? (index + last) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <section className="accordion">
      {block.title ? <h2>{block.title}</h2> : null}
      {block.items.map((item, index) => {
        const expanded = open.has(index);
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={`${item.title}-${index}`} className="accordion__item">
            <ItemHeading className="accordion__heading">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {item.title}
                {/* The +/− sign is decoration: hidden so that it stays out of the button's name. */}
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </ItemHeading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
              <RichText html={item.html} />
            </div>
          </div>
        );
      })}
    </section>
  );
}
