import type { RamaConfig } from '../config.js';
import type { MetadataStore } from '../metadata/db.js';
import type { TokenService } from '../security/tokens.js';

/**
 * What recognising a request's user reads of the server's context: configuration, the metadata
 * store and the token service. Every `AppContext` is one; naming only these keeps http/ below the
 * context (which names the execution layer, and that layer answers with http/ errors).
 */
export interface AuthContext {
  config: RamaConfig;
  store: MetadataStore;
  tokens: TokenService;
}
