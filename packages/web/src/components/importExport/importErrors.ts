/**
 * Reading an import's refusal (issue 27 item 5), as the BI server's import modal reads it: a 422
 * whose errors' `extra` maps each bundle file to its problem. Files that already exist ask for an
 * overwrite confirmation, databases whose password is masked ask for it; anything else ends the
 * import with the server's messages.
 */
import { importSummary, type ClientError, type ImportResult } from '@rama/shared';
import { t } from '../../i18n';

/** The resources whose lists import and export bundles. */
export type ImportResource = 'chart' | 'dashboard' | 'dataset' | 'saved_query';

/** The word confirming an overwrite, typed by the user (the peer's). */
export const OVERWRITE_WORD = 'OVERWRITE';

/** The bundle files an import accepts (the peer's). */
export const IMPORT_ACCEPT = '.yaml,.json,.yml,.zip';

const ALREADY_EXISTS = 'already exists and `overwrite=true` was not passed';
const NEEDS_PASSWORD = 'Must provide a password for the database';
const NEEDS_SSH_PASSWORD = 'Must provide a password for the ssh tunnel';
const NEEDS_SSH_KEY = 'Must provide a private key for the ssh tunnel';
const NEEDS_SSH_KEY_PASSWORD = 'Must provide a private key password for the ssh tunnel';

/** What an import's failure asks of the user. */
export interface ImportProblems {
  /** files that exist here already: confirm with OVERWRITE and send again with `overwrite=true` */
  alreadyExists: string[];
  /** database files whose password the bundle does not carry */
  passwordsNeeded: string[];
  sshPasswordsNeeded: string[];
  sshPrivateKeysNeeded: string[];
  sshPrivateKeyPasswordsNeeded: string[];
  /** Something the user cannot answer in the modal: the messages to show (empty when none). */
  terminal: string[];
}

const isAlreadyExists = (payload: unknown): boolean => typeof payload === 'string' && payload.includes(ALREADY_EXISTS);

/** `{_schema: ["<message>"]}`, the shape of a per-database problem. */
const isSchemaProblem = (payload: unknown, message: string): boolean => {
  if (!payload || typeof payload !== 'object') return false;
  const schema = (payload as { _schema?: unknown })._schema;
  return Array.isArray(schema) && schema.length === 1 && schema[0] === message;
};

const ANSWERABLE = [NEEDS_PASSWORD, NEEDS_SSH_PASSWORD, NEEDS_SSH_KEY, NEEDS_SSH_KEY_PASSWORD];
const isAnswerable = (payload: unknown): boolean => isAlreadyExists(payload) || ANSWERABLE.some((m) => isSchemaProblem(payload, m));

/** A file's problem as one line of text. */
function describe(file: string, payload: unknown): string {
  if (typeof payload === 'string') return `${file}: ${payload}`;
  if (payload && typeof payload === 'object') {
    const lines = Object.entries(payload as Record<string, unknown>).map(([field, value]) =>
      field === '_schema'
        ? String(Array.isArray(value) ? value.join(' ') : value)
        : `${field}: ${Array.isArray(value) ? value.join(' ') : String(value)}`,
    );
    return `${file}: ${lines.join('; ')}`;
  }
  return `${file}: ${String(payload)}`;
}

/** What a failed import (the ClientError its reply made) asks the user. */
export function importProblems(error: ClientError): ImportProblems {
  const problems: ImportProblems = {
    alreadyExists: [],
    passwordsNeeded: [],
    sshPasswordsNeeded: [],
    sshPrivateKeysNeeded: [],
    sshPrivateKeyPasswordsNeeded: [],
    terminal: [],
  };
  if (error.errors.length === 0) {
    problems.terminal.push(error.message);
    return problems;
  }
  for (const item of error.errors) {
    const files = Object.entries(item.extra ?? {}).filter(([key]) => key !== 'issue_codes');
    // an error naming no file, or one file with a problem the modal cannot answer, ends the import
    if (files.length === 0 || !files.every(([, payload]) => isAnswerable(payload))) {
      const details = files.filter(([, payload]) => !isAnswerable(payload)).map(([file, payload]) => describe(file, payload));
      problems.terminal.push(details.length ? `${item.message}: ${details.join('\n')}` : item.message);
      continue;
    }
    for (const [file, payload] of files) {
      if (isAlreadyExists(payload)) problems.alreadyExists.push(file);
      else if (isSchemaProblem(payload, NEEDS_PASSWORD)) problems.passwordsNeeded.push(file);
      else if (isSchemaProblem(payload, NEEDS_SSH_PASSWORD)) problems.sshPasswordsNeeded.push(file);
      else if (isSchemaProblem(payload, NEEDS_SSH_KEY)) problems.sshPrivateKeysNeeded.push(file);
      else if (isSchemaProblem(payload, NEEDS_SSH_KEY_PASSWORD)) problems.sshPrivateKeyPasswordsNeeded.push(file);
    }
  }
  return problems;
}

/** True when the overwrite confirmation holds the word (case as typed, surrounding spaces ignored). */
export const overwriteConfirmed = (typed: string): boolean => typed.trim() === OVERWRITE_WORD;

/** The peer's words per resource, in the reader's language: the import tooltip, the modal title, the success toast. */
export function importWords(resource: ImportResource): { one: string; many: string; tooltip: string; done: string } {
  return {
    one: t(`components:import.one.${resource}`),
    many: t(`components:import.many.${resource}`),
    tooltip: t(`components:import.tooltip.${resource}`),
    done: t(`components:import.done.${resource}`),
  };
}

/** The peer's message above the database password fields. */
export const passwordsNeededMessage = (many: string): string => t('components:import.passwordsNeeded', { what: many });

/** The peer's question before an overwrite. */
export const confirmOverwriteMessage = (many: string): string => t('components:import.confirmOverwrite', { what: many });

/** `GET /api/v1/<resource>/export/?q=!(ids)`'s file name when the reply gives none: `<resource>_export_<UTC stamp>.zip`. */
export const EXPORT_PREFIX: Record<ImportResource, string> = {
  chart: 'chart_export',
  dashboard: 'dashboard_export',
  dataset: 'dataset_export',
  saved_query: 'saved_query_export',
};

/**
 * The toast after a successful import: the resource's "imported", then what the server says it did
 * (counts, each database imported under another name because its name is taken here, and the legacy
 * charts it converted).
 */
export function importDoneMessage(done: string, result: ImportResult | null): string {
  const summary = importSummary(result);
  return summary ? `${done}. ${summary}` : done;
}

/** A reply's `result`, when it has the shape of one (an older server answers `{message: "OK"}` only). */
export function importResultOf(body: unknown): ImportResult | null {
  const result = (body as { result?: unknown } | null)?.result as Partial<ImportResult> | undefined;
  if (!result || typeof result !== 'object') return null;
  const { created, updated, renamed, converted } = result;
  if (!Array.isArray(created) || !Array.isArray(updated) || !Array.isArray(renamed)) return null;
  return Array.isArray(converted) ? { created, updated, renamed, converted } : { created, updated, renamed };
}
