export const HOME_PATH = '/rama/welcome/';

/**
 * The page to open after login: `?next` when it is a same-origin relative path, else the welcome
 * page. Refuses absolute URLs, protocol-relative `//host` and backslash tricks (open redirect).
 */
export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME_PATH;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin || url.pathname.startsWith('/login')) return HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}
