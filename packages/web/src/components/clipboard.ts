/**
 * Put text on the clipboard. The Clipboard API needs a secure context (https or localhost); on a
 * plain-http deployment the older selection-and-copy path still works.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // execCommand is deprecated, but it is the only copy path outside a secure context
    if (!document.execCommand('copy')) throw new Error('Copy is not supported by this browser');
  } finally {
    area.remove();
  }
}
