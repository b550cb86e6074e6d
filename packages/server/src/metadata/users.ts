import type { Kysely } from 'kysely';
import type { UserRef } from '@rama/shared';
import type { MetadataSchema } from './schema.js';

/** Users by id, as list and detail replies name owners, creators and editors. */
export type Users = Map<number, UserRef>;

/** The named users (nulls and repeats skipped), read in one query. */
export async function usersById(db: Kysely<MetadataSchema>, ids: (number | null)[]): Promise<Users> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  const rows: UserRef[] = wanted.length
    ? await db.selectFrom('ab_user').select(['id', 'first_name', 'last_name']).where('id', 'in', wanted).execute()
    : [];
  return new Map(rows.map((u) => [u.id, u]));
}
