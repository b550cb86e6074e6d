/**
 * Guest tokens of embedded dashboards (issue 25, part 3). OWNER: embedded helper.
 * guestPrincipal: the guest behind a request's guest-token header, or null when it carries none;
 * throws 401 for an expired, tampered or foreign-audience token.
 * guestMayUse: the allow-list of routes a guest may call.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';

export async function guestPrincipal(_ctx: AppContext, _req: FastifyRequest): Promise<Principal | null> {
  return null;
}

export function guestMayUse(_req: FastifyRequest): boolean {
  return false;
}
