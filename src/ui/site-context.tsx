import { createContext, useContext } from 'react';
import type { Locale } from '#shared/locales';

/** Facts about the current document that every component may need. */
export interface SiteContextValue {
  locale: Locale;
  /** Router basename: "/preview" and/or the locale prefix, "" for fi-FI on a shared host. */
  basename: string;
  /**
   * When the server rendered the document (epoch ms): the server's render and the
   * browser's hydration of it both take "today" from it (src/ui/render-date.ts).
   */
  renderedAt?: number | undefined;
}

export const SiteContext = createContext<SiteContextValue>({ locale: 'fi-FI', basename: '' });

export function useSite(): SiteContextValue {
  return useContext(SiteContext);
}
