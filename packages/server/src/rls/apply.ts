/**
 * The row level security clauses that apply to a user's query on a dataset. OWNER: RLS helper.
 * Rules with the same group_key are ORed, groups ANDed; each returned string is one guarded,
 * rendered SQL boolean expression the compiler ANDs into the WHERE.
 */
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import type { EngineSpec } from '../engines/types.js';

export async function rlsClauses(_ctx: AppContext, _user: Principal, _dataset: { id: number }, _spec: EngineSpec): Promise<string[]> {
  return [];
}
