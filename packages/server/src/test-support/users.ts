/** Test helpers: users with built-in or custom roles, logged in through the HTTP API. */
import { roleIdByName } from '../metadata/repos/roles.js';
import type { PermissionPair } from '../security/permissions.js';
import { createUser, grantToRole } from '../accounts/users.js';
import type { Client, TestServer } from './server.js';

export const TEST_PASSWORD = 'test-password-123';

/** A role with exactly these (permission, view) pairs; returns its id. */
export async function customRole(server: TestServer, name: string, pairs: PermissionPair[]): Promise<number> {
  const db = server.ctx.store.db;
  const existing = await db.selectFrom('ab_role').select('id').where('name', '=', name).executeTakeFirst();
  const role = existing ?? (await db.insertInto('ab_role').values({ name }).returning('id').executeTakeFirstOrThrow());
  for (const pair of pairs) await grantToRole(db, name, pair);
  return role.id;
}

/** Create a user with the named roles and log them in with a session; returns the client and user id. */
export async function loggedInUser(
  server: TestServer,
  admin: Client,
  username: string,
  roleNames: string[],
): Promise<{ client: Client; id: number }> {
  const roles = await server.ctx.store.db.selectFrom('ab_role').select(['id', 'name']).where('name', 'in', roleNames).execute();
  const created = await admin.post<{ id: number }>('/api/v1/security/users/', {
    username,
    first_name: username[0].toUpperCase() + username.slice(1),
    last_name: 'Tester',
    email: `${username}@example.com`,
    password: TEST_PASSWORD,
    roles: roles.map((r) => r.id),
  });
  if (created.status !== 201) throw new Error(`creating ${username} failed: ${created.status} ${JSON.stringify(created.body)}`);
  const client = server.client();
  const login = await client.login(username, TEST_PASSWORD);
  if (login.status !== 200) throw new Error(`login of ${username} failed: ${login.status}`);
  return { client, id: created.body.id };
}

/**
 * Stores a user holding the Gamma role straight in the metadata store, for tests that read the
 * store rather than log in (the password is `<username>-password-1`); returns the user's id.
 */
export async function storeGammaUser(server: TestServer, username: string): Promise<number> {
  const db = server.ctx.store.db;
  const gamma = (await roleIdByName(db, 'Gamma')) as number;
  const user = await createUser(db, {
    username,
    first_name: username[0].toUpperCase() + username.slice(1),
    last_name: 'Tester',
    email: `${username}@example.com`,
    password: `${username}-password-1`,
    roles: [gamma],
  });
  return user.id;
}
