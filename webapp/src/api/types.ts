// API types, generated from the CUE schemas (schemas/*.cue → schemas/openapi.json
// → schema.gen.ts by `make generate`), so the server and the app never drift.
import type { components } from './schema.gen';

type Schemas = components['schemas'];

/** system.info */
export type SystemInfo = Schemas['SystemInfo'];
export type Environment = SystemInfo['environment'];
export type BotCheckConfig = SystemInfo['botCheck'];
export type BotCheckMode = BotCheckConfig['mode'];

/** One entry of content.insights; publishedAt is an RFC 3339 timestamp. */
export type InsightSummary = Schemas['InsightSummary'];
export type InsightList = Schemas['InsightList'];
/** content.insight: body paragraphs are separated by blank lines. */
export type Insight = Schemas['Insight'];
export type InsightInput = Schemas['InsightInput'];

/** identity.deleteSession */
export type DeleteSessionResult = Schemas['DeleteSessionResult'];
