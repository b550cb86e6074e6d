/**
 * Import and export of bundles from the lists: `POST /api/v1/<resource>/import/` as a multipart
 * form (the bundle in `formData`, with `overwrite` and `passwords`), and
 * `GET /api/v1/<resource>/export/?q=!(ids)` read as a blob, so a refusal shows as a toast.
 */
import { getClientError, isCsrfFailure } from '@rama/shared';
import { RequestFailure, buildUrl, getCsrfToken, resetCsrfToken } from '../../core/api';
import { downloadFile, timestampedFileName } from '../download';
import type { ImportResult } from '@rama/shared';
import { EXPORT_PREFIX, importResultOf, type ImportResource } from './importErrors';

export interface ImportOptions {
  overwrite: boolean;
  /** database file name → password */
  passwords: Record<string, string>;
  sshTunnelPasswords?: Record<string, string>;
  sshTunnelPrivateKeys?: Record<string, string>;
  sshTunnelPrivateKeyPasswords?: Record<string, string>;
}

/** The import form's fields, as the peer sends them (empty maps are left out). */
export function importFormData(file: Blob & { name?: string }, options: ImportOptions): FormData {
  const form = new FormData();
  form.append('formData', file, file.name ?? 'import.zip');
  if (options.overwrite) form.append('overwrite', 'true');
  const maps: [string, Record<string, string> | undefined][] = [
    ['passwords', options.passwords],
    ['ssh_tunnel_passwords', options.sshTunnelPasswords],
    ['ssh_tunnel_private_keys', options.sshTunnelPrivateKeys],
    ['ssh_tunnel_private_key_passwords', options.sshTunnelPrivateKeyPasswords],
  ];
  for (const [field, map] of maps) if (map && Object.keys(map).length) form.append(field, JSON.stringify(map));
  return form;
}

async function post(url: string, form: FormData, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers['X-CSRFToken'] = token;
  try {
    return await fetch(url, { method: 'POST', headers, body: form, credentials: 'same-origin' });
  } catch {
    throw new RequestFailure(getClientError({ kind: 'network' }));
  }
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Imports a bundle and resolves to what the server did (null when its reply does not say); a
 * refusal throws a RequestFailure whose clientError carries the server's errors.
 */
export async function importBundle(
  resource: ImportResource,
  file: Blob & { name?: string },
  options: ImportOptions,
): Promise<ImportResult | null> {
  const url = `/api/v1/${resource}/import/`;
  let res = await post(url, importFormData(file, options), await getCsrfToken());
  let text = await res.text();
  if (!res.ok && isCsrfFailure(res.status, text)) {
    // the session's token changed (a login elsewhere): once more with a fresh one
    resetCsrfToken();
    res = await post(url, importFormData(file, options), await getCsrfToken());
    text = await res.text();
  }
  if (!res.ok) throw new RequestFailure(getClientError({ kind: 'response', status: res.status, body: parse(text) }));
  return importResultOf(parse(text));
}

/** The export URL of these rows. */
export const exportUrl = (resource: ImportResource, ids: number[]): string => buildUrl(`/api/v1/${resource}/export/`, ids);

/** Saves the export zip of these rows; resolves to the file's name, throws a RequestFailure on a refusal. */
export function exportResources(resource: ImportResource, ids: number[], now: Date = new Date()): Promise<string> {
  return downloadFile(exportUrl(resource, ids), timestampedFileName(EXPORT_PREFIX[resource], 'zip', now));
}
