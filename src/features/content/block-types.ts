import type { KnownBlock } from '../../shared/content-schema';

/** The block of one kind, for the component that renders that kind. */
export type KnownBlockOf<T extends KnownBlock['type']> = Extract<KnownBlock, { type: T }>;
