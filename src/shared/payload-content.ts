/**
 * A fetched page payload past its envelope (`isPagePayload` in ./payload.ts): the page and
 * every block in it, the layout, the head, an error and a search's results, read with the
 * content's own schemas, so that a payload of the wrong shape is refused as a bad answer
 * instead of reaching the components (issue 32: no answer is taken on trust). Client
 * navigation loads this module beside its request (src/features/content/api/fetch-payload.ts)
 * and zod stays off the landing page, whose payload comes inside its own document.
 */
import { layoutSchema, pageSchema, searchResultSchema } from './content-schema';
import type { HeadData } from './head';
import type { PagePayload, PayloadError } from './payload';
import { z } from './zod';

const linkSchema = z.object({ hreflang: z.string(), href: z.string() });

const headSchema: z.ZodType<HeadData> = z.object({
  lang: z.string(),
  title: z.string(),
  description: z.string(),
  canonical: z.string().nullable(),
  alternates: z.array(linkSchema),
  landings: z.array(linkSchema).optional(),
  robots: z.string().nullable(),
  openGraph: z.object({
    title: z.string(),
    description: z.string(),
    url: z.string().nullable(),
    image: z.string().nullable(),
    imageAlt: z.string().nullable().optional(),
    locale: z.string(),
  }),
  jsonLd: z.array(z.record(z.string(), z.unknown())).optional(),
});

const errorSchema: z.ZodType<PayloadError> = z.object({
  status: z.number().int().min(400).max(599),
  statusName: z.enum(['BAD_REQUEST', 'NOT_FOUND', 'URI_TOO_LONG', 'INTERNAL_SERVER_ERROR']),
  path: z.string(),
  reason: z.enum(['unknownRoute', 'validation', 'badRequest', 'server']),
});

const searchSchema = z.object({ query: z.string(), result: searchResultSchema.nullable() });

const offlineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shell') }),
  z.object({ kind: z.literal('station'), syncedAt: z.number().nullable() }),
  z.object({ kind: z.literal('notice'), path: z.string() }),
]);

/** The payload with each part as its schema reads it; throws (a ZodError) on the first part that does not fit. */
export function readPayloadContent(payload: PagePayload): PagePayload {
  return {
    ...payload,
    layout: layoutSchema.nullable().parse(payload.layout),
    page: pageSchema.nullable().parse(payload.page),
    error: errorSchema.nullable().parse(payload.error),
    head: headSchema.parse(payload.head),
    ...(payload.search === undefined ? {} : { search: searchSchema.parse(payload.search) }),
    ...(payload.offline === undefined ? {} : { offline: offlineSchema.parse(payload.offline) }),
    ...(payload.dates === undefined ? {} : { dates: z.record(z.string(), z.string()).parse(payload.dates) }),
  };
}
