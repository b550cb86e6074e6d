/**
 * The one way a feature makes its objects versioned: it names its table, how a stored row becomes
 * the saved state, which field is the title, its own read and write checks and its update (and,
 * for kinds "Recently deleted" brings back, create) path; everything else a `VersionedKind` does
 * is the same for every kind and lives here.
 */
import type { Kysely, Selectable } from 'kysely';
import type { VersionStates, VersionedType } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import type { VersionedKind } from './kinds.js';
import { objectRowById } from '../metadata/repos/versions.js';

/** The metadata tables whose rows have a numeric `id`. */
type IdTable = { [K in keyof MetadataSchema]: Selectable<MetadataSchema[K]> extends { id: number } ? K : never }[keyof MetadataSchema];

/** The fields of a state that hold text: one of them names the object. */
type TextField<S> = { [K in keyof S]: S[K] extends string ? K : never }[keyof S];

export interface KindParts<T extends VersionedType, Tb extends IdTable> {
  type: T;
  /** the object's table, read by id */
  table: Tb;
  /** the saved state of a stored row (`db` reads what else belongs to it: a dataset's columns) */
  state(row: Selectable<MetadataSchema[Tb]>, db: Kysely<MetadataSchema>, id: number): VersionStates[T] | Promise<VersionStates[T]>;
  /** the state's field the object goes by ("Recently deleted" lists it) */
  titleField: TextField<VersionStates[T]>;
  /** throws the feature's 404 when the user may not read the object */
  visible(user: Principal, id: number): Promise<unknown>;
  /** throws when the user may not change it; the read check when reading and writing are one rule */
  editable?(user: Principal, id: number): Promise<unknown>;
  /** writes a state back through the feature's update path */
  restore(user: Principal, id: number, state: VersionStates[T]): Promise<unknown>;
  /** creates the object anew from a state through the feature's create path; returns its id */
  recreate?(user: Principal, state: VersionStates[T]): Promise<number>;
}

export function versionedKind<T extends VersionedType, Tb extends IdTable>(parts: KindParts<T, Tb>): VersionedKind<T> {
  const { type, table, titleField, recreate } = parts;
  const editable = parts.editable ?? parts.visible;
  return {
    type,
    async snapshot(db, id) {
      const row = await objectRowById(db, table, id);
      return row ? parts.state(row as unknown as Selectable<MetadataSchema[Tb]>, db, id) : null;
    },
    title: (state) => state[titleField] as string,
    async assertVisible(user, id) {
      await parts.visible(user, id);
    },
    async assertEditable(user, id) {
      await editable(user, id);
    },
    async restore(user, id, state) {
      await parts.restore(user, id, state);
    },
    ...(recreate ? { recreate: (user: Principal, state: VersionStates[T]) => recreate(user, state) } : {}),
  };
}
