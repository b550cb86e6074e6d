/** Client-facing messages from the spec's error catalogue (sql-editor.md section 8). */

export const NetworkErrorMessage = {
  FAILED_TO_FETCH: 'Network error',
  TIMEOUT: 'Request timed out',
  TIMEOUT_HINTS: ['Issue 1000 - The dataset is too large to query.', 'Issue 1001 - The database is under an unusual load.'],
  GENERIC: 'An error occurred',
  UNKNOWN: 'Unknown error',
  INVALID_INPUT: 'Invalid input',
  SESSION_TIMED_OUT: 'Your session timed out, please refresh your page and try again.',
  SAVE_FAILED: 'Sorry, there was an error saving this %s: %s',
  UNKNOWN_SAVE_FAILED: 'Sorry, an unknown error occurred.',
} as const;

/** HTTP status text map for 400–511 and 599. */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  407: 'Proxy authentication required',
  408: 'Request timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length required',
  412: 'Precondition failed',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  417: 'Expectation failed',
  418: "I'm a teapot",
  421: 'Misdirected request',
  422: 'Unprocessable entity',
  423: 'Locked',
  424: 'Failed dependency',
  425: 'Too early',
  426: 'Upgrade required',
  428: 'Precondition required',
  429: 'Too many requests',
  431: 'Request header fields too large',
  451: 'Unavailable for legal reasons',
  500: 'Server error',
  501: 'Not implemented',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  505: 'HTTP version not supported',
  506: 'Variant also negotiates',
  507: 'Insufficient storage',
  508: 'Loop detected',
  510: 'Not extended',
  511: 'Network authentication required',
  599: 'Network error',
};

export function formatMessage(template: string, ...args: (string | number)[]): string {
  let i = 0;
  return template.replace(/%s/g, () => String(args[i++] ?? ''));
}

export const FORBIDDEN_EDIT_MESSAGE = 'You do not have permission to edit this %s';
export const INVALID_LOGIN_MESSAGE = 'Invalid login. Please try again.';
export const NOT_FOUND_MESSAGE = 'Not found';
export const LOGIN_REQUIRED_MESSAGE = 'Not authorized';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many login attempts. Please wait a minute and try again.';
