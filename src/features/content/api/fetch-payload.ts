import ky from 'ky';
import { payloadUrl, type PagePayload } from '@/shared/payload';

/** Client navigation fetches `{path}/_payload.json`; 404 and 500 answers carry a payload too. */
export async function fetchPayload(target: string, signal: AbortSignal): Promise<PagePayload> {
  const url = new URL(target, window.location.origin);
  const response = await ky.get(payloadUrl(url.pathname), {
    signal,
    throwHttpErrors: false,
    retry: { limit: 1 },
    headers: { accept: 'application/json' },
  });
  if (!response.headers.get('content-type')?.includes('application/json')) {
    throw new Error(`Payload request failed with status ${response.status}`);
  }
  return response.json<PagePayload>();
}
