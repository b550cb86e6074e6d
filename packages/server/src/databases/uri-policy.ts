import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConnectionUri } from '../engines/types.js';
import { engineSpecForUri } from '../engines/registry.js';
import { parseUri, PASSWORD_MASK, UriError } from '../engines/uri.js';
import type { MetadataStore } from '../metadata/db.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '']);

function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

/**
 * Does the URI point at Rama's own metadata store? Its engine's spec says what the URI connects to
 * (`connectionTarget`, defaults filled in): a file store is reached by any engine opening its file;
 * a server store by a URI of the store's own backend reaching the same host, port and database.
 */
export function isMetadataStore(uri: ConnectionUri, store: MetadataStore): boolean {
  const id = store.identity;
  const spec = engineSpecForUri(uri);
  const target = spec.connectionTarget(uri);
  if (!target) return false;
  if ('path' in id) return target.kind === 'file' && realPath(target.path) === realPath(id.path);
  if (target.kind !== 'server' || spec.backend !== id.backend) return false;
  const host = target.host.toLowerCase();
  const sameHost = host === id.host.toLowerCase() || (LOCAL_HOSTS.has(host) && LOCAL_HOSTS.has(id.host.toLowerCase()));
  return sameHost && target.port === id.port && target.database === id.database;
}

/**
 * The URI rules: it must parse and name a known engine; file-based engines need
 * RAMA_ALLOW_FILE_URIS; the metadata store is never a data source. Throws UriError (→ 400).
 */
export function checkUri(raw: string, opts: { store: MetadataStore; allowFileUris: boolean; trustedFile?: string | null }): ConnectionUri {
  const uri = parseUri(raw);
  if (isMetadataStore(uri, opts.store)) {
    throw new UriError('The metadata store of Rama cannot be used as a data source for security reasons.');
  }
  const spec = engineSpecForUri(uri);
  const fileBased = spec.isFileBased;
  if (fileBased && !opts.allowFileUris) {
    const path = uri.database ? realPath(uri.database) : null;
    const trusted = opts.trustedFile ? realPath(opts.trustedFile) : null;
    if (!trusted || path !== trusted) {
      throw new UriError(
        `${uri.backend} and other file-based databases cannot be used as a data source for security reasons (an administrator can allow them with RAMA_ALLOW_FILE_URIS=true).`,
      );
    }
  }
  if (!fileBased && !uri.host) throw new UriError(`Invalid connection string: a host is required, e.g. ${spec.sqlalchemyUriPlaceholder}`);
  return uri;
}

export const PASSWORD_REENTRY_MESSAGE = 'The password must be entered again when the host, port, database or driver changes.';

/** Query options that decide whether the password crosses the network under TLS. */
const TLS_OPTIONS = ['sslmode', 'ssl', 'ssl_mode'] as const;

/**
 * Do both URIs reach the same server the same way: driver, host (without regard to case), port,
 * database and TLS options? The user name may differ: the password still goes to the same server.
 * Names are compared as written (`localhost` is not `127.0.0.1`): resolving them here would
 * answer for the server's network at this moment, not for the next connection.
 */
export function sameDestination(a: ConnectionUri, b: ConnectionUri): boolean {
  return (
    a.scheme.toLowerCase() === b.scheme.toLowerCase() &&
    a.backend === b.backend &&
    (a.host ?? '').toLowerCase() === (b.host ?? '').toLowerCase() &&
    a.port === b.port &&
    a.database === b.database &&
    TLS_OPTIONS.every((k) => (a.query[k] ?? null) === (b.query[k] ?? null))
  );
}

/**
 * The password to connect or store with. A submitted URI carries the mask when the form sends the
 * saved URI back; the saved password is used only when the destination is unchanged. Otherwise the
 * mask would make Rama send the saved password to a server the editor chose, so the password has
 * to be typed again; `null` says so (and the mask itself is never sent anywhere either).
 */
export function passwordToUse(submitted: ConnectionUri, saved: ConnectionUri | null): { password: string | null } | null {
  if (submitted.password !== PASSWORD_MASK) return { password: submitted.password };
  if (!saved || !sameDestination(submitted, saved)) return null;
  return { password: saved.password };
}
