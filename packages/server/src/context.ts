import type { FastifyBaseLogger } from 'fastify';
import type { RamaConfig } from './config.js';
import type { MetadataStore } from './metadata/db.js';
import type { TokenService } from './security/tokens.js';
import type { DatabaseConnections } from './execution/connections.js';
import type { Executor } from './execution/executor.js';

/**
 * What every feature's routes and services receive: configuration and the shared stores.
 *
 * The runtimes a feature holds for the whole process (`sqllab`, `charts`, `reports`,
 * `asyncQueries`, `versions`) are added to this interface by the feature itself, through
 * declaration merging next to the runtime's type (`declare module '../context.js'`), the way
 * Fastify plugins declare their decorators. So this file imports no feature and every feature
 * may import it: the context is the floor the features stand on, not a room above them.
 * `app.ts` `createContext` builds the whole object.
 */
export interface AppContext {
  config: RamaConfig;
  store: MetadataStore;
  tokens: TokenService;
  connections: DatabaseConnections;
  log: FastifyBaseLogger;
  /** the one path that runs SQL (execution/) */
  execution: Executor;
}
