/**
 * Sending a file with XMLHttpRequest, which (unlike fetch) reports upload progress: the page shows
 * the bytes sent, then "loading" until the server has written the table.
 */
import { getCsrfToken } from '../core/api';

export interface UploadProgress {
  /** 0..1 of the file sent */
  sent: number;
  /** every byte is sent; the server is reading and loading it */
  loading: boolean;
}

export interface UploadReply {
  status: number;
  body: unknown;
}

export async function sendForm(
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadReply> {
  const token = await getCsrfToken();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name);
  return new Promise<UploadReply>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('X-CSRFToken', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ sent: e.loaded / e.total, loading: false });
    };
    xhr.upload.onload = () => onProgress({ sent: 1, loading: true });
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the text
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
