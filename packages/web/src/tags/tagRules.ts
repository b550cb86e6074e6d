/**
 * Pure rules of the tag controls: the peer's object types, what a tag select's change means for
 * the tagging API, and the objects a tag carries, counted by type.
 */
import type { TagRef } from '@rama/shared';
import { t } from '../i18n';

/** The peer's ObjectType numbers, as the tagging routes name them. */
export const TAG_OBJECT_TYPES = { query: 1, chart: 2, dashboard: 3, dataset: 4 } as const;
export type TagObjectType = keyof typeof TAG_OBJECT_TYPES;

/** The longest tag name the server accepts. */
export const MAX_TAG_NAME = 250;

/** Trimmed, non-empty, distinct names in the order given (a typed tag keeps its first spelling). */
export function cleanTagNames(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (!name || name.length > MAX_TAG_NAME || seen.has(name)) continue;
    seen.add(name);
    out.push(name);
  }
  return out;
}

/** What to add and what to remove to turn the tags `before` into the tags `after`. */
export function tagChanges(before: string[], after: string[]): { add: string[]; remove: string[] } {
  const was = new Set(cleanTagNames(before));
  const now = cleanTagNames(after);
  const nowSet = new Set(now);
  return { add: now.filter((n) => !was.has(n)), remove: [...was].filter((n) => !nowSet.has(n)) };
}

export const tagNames = (tags: TagRef[] | undefined): string[] => (tags ?? []).map((t) => t.name);

/** One object a tag names, as `GET /api/v1/tag/get_objects/` answers. */
export interface TaggedObject {
  id: number;
  type: TagObjectType;
  name: string;
  url: string;
  changed_on: string;
  creator: string;
  tags: TagRef[];
}

/** How many objects carry each tag (by tag id), from a get_objects reply. */
export function objectCounts(objects: TaggedObject[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const o of objects) for (const t of o.tags) counts.set(t.id, (counts.get(t.id) ?? 0) + 1);
  return counts;
}

/** The message key of each object type's name (translated where it is shown). */
const TYPE_LABELS: Record<TagObjectType, string> = {
  chart: 'common:chart',
  dashboard: 'common:dashboard',
  dataset: 'common:dataset',
  query: 'tags:objectType.query',
};
export const objectTypeLabel = (type: TagObjectType): string => (type in TYPE_LABELS ? t(TYPE_LABELS[type]) : type);
