/**
 * What the history needs from each feature whose objects keep versions. A feature makes it with
 * `versionedKind` (define.ts) from its kind-specific parts, beside its own service
 * (charts/chart-versions.ts, dashboards/versions.ts, …), and registers it on `ctx.versions`; the
 * history never reads another feature's tables or rules itself.
 */
import type { Kysely } from 'kysely';
import type { VersionStates, VersionedType } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';

export interface VersionedKind<T extends VersionedType = VersionedType> {
  type: T;
  /** the object's saved state as stored now, or null when it does not exist */
  snapshot(db: Kysely<MetadataSchema>, id: number): Promise<VersionStates[T] | null>;
  /** the name the object goes by in that state (the "Recently deleted" list shows it) */
  title(state: VersionStates[T]): string;
  /** throws the feature's 404 when the user may not read the object */
  assertVisible(user: Principal, id: number): Promise<void>;
  /** throws when the user may not change the object (owners and admins) */
  assertEditable(user: Principal, id: number): Promise<void>;
  /** write a state back through the feature's normal update path (every rule of a save applies) */
  restore(user: Principal, id: number, state: VersionStates[T]): Promise<void>;
  /** create the object anew from a state through the normal create path; returns its id */
  recreate?(user: Principal, state: VersionStates[T]): Promise<number>;
}
