/**
 * Pure tag rules: the peer's object types (ObjectType: query=1, chart=2, dashboard=3, dataset=4)
 * and tag types (TagType: custom=1, type=2, owner=3, favorited_by=4), and what a tag name may be.
 */
import { OBJECT_TYPES, TAG_TYPES, type ObjectTypeName } from '../metadata/repos/tags.js';

export { OBJECT_TYPES, TAG_TYPES, type ObjectTypeName };

/** The longest tag name (the peer's `tag.name` column). */
export const MAX_TAG_NAME = 250;
/** The most tags one request may name (tagging an object, bulk create or get_objects). */
export const MAX_TAGS_PER_REQUEST = 100;
/** The most objects one tag create or update may tag. */
export const MAX_OBJECTS_PER_REQUEST = 1000;

/** The object type named by its number or its name (`2`, `"2"`, `"chart"`), or null. */
export function objectTypeName(value: unknown): ObjectTypeName | null {
  if (typeof value === 'string' && Object.hasOwn(OBJECT_TYPES, value)) return value as ObjectTypeName;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d$/.test(value) ? Number(value) : NaN;
  const found = (Object.entries(OBJECT_TYPES) as [ObjectTypeName, number][]).find(([, v]) => v === n);
  return found ? found[0] : null;
}

/**
 * A tag name as stored: trimmed; an error message when it is empty, too long, or uses the peer's
 * reserved `type:name` form of system tags (`owner:1`, `type:chart`, `favorited_by:1`).
 */
export function checkTagName(raw: string): { name: string } | { error: string } {
  const name = raw.trim();
  if (!name) return { error: 'Tag name cannot be empty.' };
  if (name.length > MAX_TAG_NAME) return { error: `Tag name is longer than ${MAX_TAG_NAME} characters.` };
  if (/^(owner|type|favorited_by):/.test(name)) return { error: `Tag name "${name}" is reserved for system tags.` };
  return { name };
}

/** Distinct names in first-seen order (names differing only by surrounding spaces are the same). */
export function distinctNames(names: string[]): string[] {
  return [...new Set(names.map((n) => n.trim()))];
}
