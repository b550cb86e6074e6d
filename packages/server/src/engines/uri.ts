import type { ConnectionUri } from './types.js';
import { UriError } from './errors.js';
import { getEngineSpec, specForScheme } from './registry.js';

export { UriError };

export const PASSWORD_MASK = 'XXXXXXXXXX';

/**
 * Parse a SQLAlchemy-style connection URI: `dialect[+driver]://user:pass@host:port/db?k=v`, for a
 * dialect a registered engine spec accepts (its `schemes`),
 * `duckdb:////abs/path.duckdb` (four slashes for an absolute path, three for a relative one, as
 * SQLAlchemy does), `sqlite:////abs/path.db`, `duckdb:///:memory:`.
 */
export function parseUri(raw: string): ConnectionUri {
  const text = raw.trim();
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(.*)$/s.exec(text);
  if (!m) throw new UriError('Invalid connection string: expected dialect://user:password@host:port/database');
  const scheme = m[1].toLowerCase();
  const dialect = scheme.split('+')[0];
  const spec = specForScheme(dialect);
  if (!spec) throw new UriError(`Could not load database driver: ${dialect}`);
  const backend = spec.backend;
  let rest = m[2];
  let query: Record<string, string> = {};
  const q = rest.indexOf('?');
  if (q >= 0) {
    query = Object.fromEntries(new URLSearchParams(rest.slice(q + 1)));
    rest = rest.slice(0, q);
  }
  if (spec.isFileBased) {
    // file engines: everything after the authority's slash is the path (`///abs` → `/abs`)
    const slash = rest.indexOf('/');
    const path = slash >= 0 ? rest.slice(slash + 1) : rest;
    return { scheme, backend, username: null, password: null, host: null, port: null, database: path || ':memory:', query };
  }
  const at = rest.lastIndexOf('@', rest.indexOf('/') >= 0 ? rest.indexOf('/') : rest.length);
  let auth = '';
  let hostPart = rest;
  if (at >= 0) {
    auth = rest.slice(0, at);
    hostPart = rest.slice(at + 1);
  }
  const slash = hostPart.indexOf('/');
  const hostPort = slash >= 0 ? hostPart.slice(0, slash) : hostPart;
  const database = slash >= 0 ? decodeURIComponent(hostPart.slice(slash + 1)) || null : null;
  let host: string | null = hostPort;
  let port: number | null = null;
  const pm = /^(\[[^\]]+\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  if (!pm) throw new UriError('Invalid connection string: the host part could not be read');
  host = pm[1] ? pm[1].replace(/^\[|\]$/g, '') : null;
  if (pm[2]) {
    port = Number(pm[2]);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new UriError('Invalid connection string: the port must be between 1 and 65535');
  }
  let username: string | null = null;
  let password: string | null = null;
  if (auth) {
    const c = auth.indexOf(':');
    username = decodeURIComponent(c >= 0 ? auth.slice(0, c) : auth) || null;
    password = c >= 0 ? decodeURIComponent(auth.slice(c + 1)) : null;
  }
  return { scheme, backend, username, password, host, port, database, query };
}

/** Does this backend keep its database in a local file (its URI holds a path, not a server)? */
function isFileBackend(backend: string): boolean {
  try {
    return getEngineSpec(backend).isFileBased;
  } catch {
    return false;
  }
}

/** Serialize back to a URI; `password` overrides the parsed one (use PASSWORD_MASK to mask). */
export function formatUri(u: ConnectionUri, password: string | null = u.password): string {
  const qs = Object.keys(u.query).length ? `?${new URLSearchParams(u.query).toString()}` : '';
  if (isFileBackend(u.backend)) return `${u.scheme}:///${u.database ?? ''}${qs}`;
  const auth = u.username
    ? `${encodeURIComponent(u.username)}${password !== null ? `:${password === PASSWORD_MASK ? password : encodeURIComponent(password)}` : ''}@`
    : '';
  const host = u.host ? (u.host.includes(':') ? `[${u.host}]` : u.host) : '';
  const port = u.port ? `:${u.port}` : '';
  const db = u.database ? `/${encodeURIComponent(u.database)}` : '';
  return `${u.scheme}://${auth}${host}${port}${db}${qs}`;
}

/** The URI as it may leave the server: password replaced by the mask. */
export function maskUri(raw: string): string {
  const u = parseUri(raw);
  return formatUri(u, u.password !== null ? PASSWORD_MASK : null);
}
