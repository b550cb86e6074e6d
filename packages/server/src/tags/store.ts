/**
 * The tag tables and the two reads other features need: the custom tags of some objects (for the
 * `tags` field of chart, dashboard, saved query and dataset replies) and "is tagged with" as a list
 * filter condition (the peer's `chart_tags` / `dashboard_tags` operators on column `tags`). The
 * queries live in the tags repository (metadata/repos/tags.ts); this module keeps the names the
 * features import.
 */
import type { TagRef } from '@rama/shared';

export {
  customTagsOf,
  tagDb,
  taggedWith,
  untagObjects,
  type TagDb,
  type TagTable,
  type TagTables,
  type TaggedObjectTable,
} from '../metadata/repos/tags.js';

/** A tag as object replies carry it (the peer's `tags: [{id, name, type}]`). */
export type { TagRef };
