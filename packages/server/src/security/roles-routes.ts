import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** Roles CRUD, role permissions, permissions-resources. OWNER: roles helper. */
export function roleRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
