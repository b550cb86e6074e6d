/**
 * Public dashboards (issue 25, part 4). OWNER: public helper.
 * With PUBLIC_ROLE_LIKE set, an anonymous visitor is the Public role on an allow-list of routes.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Principal } from './principal.js';

export function anonymousMayUse(_ctx: AppContext, _req: FastifyRequest): boolean {
  return false;
}

export async function anonymousPrincipal(_ctx: AppContext): Promise<Principal | null> {
  return null;
}
