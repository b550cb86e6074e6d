/**
 * Download a file the server makes, saved under a name the client chooses (SQL Lab's CSV follows
 * the tab's current name). Resolves null, or the message to show when the server refused.
 */
import { getClientError } from '@rama/shared';
import { toClientError } from '../../core/api';

async function failureOf(reply: Response): Promise<string> {
  let body: unknown = null;
  try {
    body = JSON.parse(await reply.text());
  } catch {
    body = null;
  }
  return getClientError({ kind: 'response', status: reply.status, body }).message;
}

export async function downloadFile(url: string, filename: string): Promise<string | null> {
  let reply: Response;
  try {
    reply = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    return toClientError(e).message;
  }
  if (!reply.ok) return failureOf(reply);
  const blob = await reply.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the browser has read the blob once the click is handled
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return null;
}
