/**
 * Files the server sends as attachments (export zips): fetched with the session's cookie, so a
 * refusal shows as a message in the page instead of a broken download.
 */
import { getClientError } from '@rama/shared';
import { RequestFailure, guestTokenHeaders } from '../core/api';

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` first, then
 * `filename="…"`), without any folder part; `fallback` when it gives none.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    if (plain) name = (plain[1] ?? plain[2] ?? '').replace(/\\"/g, '"').trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && base !== '.' && base !== '..' ? base : fallback;
}

/** "dashboard_export_20260102T030405.zip": the name the BI server gives its export files (UTC). */
export function timestampedFileName(prefix: string, ext: string, now: Date = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '');
  return `${prefix}_${stamp}.${ext}`;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `fetch` with the session's cookie, for a reply that is a file (read as a blob, not as JSON): a
 * network failure or an error status throws a RequestFailure with the server's message.
 */
export async function fetchFile(url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    // an embedded dashboard's guest sends its token instead of a cookie
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(guestTokenHeaders())) headers.set(name, value);
    res = await fetch(url, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new RequestFailure(getClientError({ kind: 'network' }));
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text is the message
    }
    throw new RequestFailure(getClientError({ kind: 'response', status: res.status, body }));
  }
  return res;
}

/** GET `url` and save the reply as a file; a failure throws a RequestFailure with the server's message. Resolves to the file's name. */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const res = await fetchFile(url);
  const fileName = fileNameFromDisposition(res.headers.get('content-disposition'), fallbackName);
  saveBlob(await res.blob(), fileName);
  return fileName;
}
