import { createContext, useContext } from 'react';
import type { PagePayload } from '#shared/payload';

/** The payload of the page on screen, for blocks that need more than their own fields. */
export const PayloadContext = createContext<PagePayload | null>(null);

export function usePagePayload(): PagePayload | null {
  return useContext(PayloadContext);
}
