import { useEffect, useRef } from 'react';
import { textToneFor, type TextTone } from '#shared/colour-text';

/**
 * A CMS background colour without a style attribute (the CSP allows none): the colour is
 * set as the custom property --block-bg through the CSSOM, which the CSP permits, once
 * the element exists in the browser. The text tone (spec §5 colour-text rule) is known
 * on the server already and goes out as data-tone; until the colour lands, the CSS gives
 * a neutral background of the same tone, so text stays readable from the first paint.
 */
export function useBackgroundColour<T extends HTMLElement>(colour: string | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !colour) return;
    element.style.setProperty('--block-bg', colour);
    return () => {
      element.style.removeProperty('--block-bg');
    };
  }, [colour]);
  const tone: TextTone | undefined = colour ? textToneFor(colour) : undefined;
  return { ref, tone };
}
