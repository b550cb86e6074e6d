import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** /api/v1/rowlevelsecurity/. OWNER: RLS helper. */
export function rlsRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
