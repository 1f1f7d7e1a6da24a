import { formatCmsDate } from '#shared/cms-date';
import { usePagePayload } from '@/ui/payload-context';
import { useSite } from '@/ui/site-context';

/**
 * A CMS date in the page's language: as the server printed it into the payload when it did
 * (no Intl formatter in the browser, #shared/cms-date.ts says why), else formatted here (a
 * payload made on the device, an older build's saved copy).
 */
export function useCmsDate(): (value: string) => string {
  const dates = usePagePayload()?.dates;
  const { locale } = useSite();
  return (value) => dates?.[value] ?? formatCmsDate(value, locale);
}
