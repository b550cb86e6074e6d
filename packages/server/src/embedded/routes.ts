import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** /api/v1/dashboard/{id_or_slug}/embedded, /api/v1/embedded_dashboard/{uuid}, guest tokens. OWNER: embedded helper. */
export function embeddedRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
