/**
 * The errors every importer (charts, dashboards, datasets, saved queries) answers with, as the BI
 * server words them: a bundle that is no import command's, and the problems of its files.
 */
import { ErrorType } from '@rama/shared';
import { HttpError, errorsBody } from '../http/errors.js';
import { checkMetadata, type BundleDocs, type FileErrors } from './bundle.js';

/**
 * The problems of the bundle's files, by file, under the importer's message (`Error importing
 * chart`: the peer names the asset type; passed whole so the message catalogue sees each one).
 */
export function importError(message: string, extra: FileErrors): HttpError {
  return new HttpError(422, errorsBody(message, ErrorType.GENERIC_COMMAND_ERROR, 'warning', extra));
}

/** A bundle no import command takes: no metadata.yaml, another version's, or nothing to import. */
export function noValidCommand(): HttpError {
  return new HttpError(422, errorsBody('Could not find a valid command to import file', ErrorType.GENERIC_COMMAND_ERROR, 'warning'));
}

/**
 * Checks the bundle's metadata.yaml against the importer's bundle type: a missing one or another
 * version's throws `noValidCommand`; any other problem goes in `errors`, to be answered with the
 * files' own.
 */
export function checkImportMetadata(contents: BundleDocs, type: string, errors: FileErrors): void {
  const meta = checkMetadata(contents, type);
  if (meta.ok) return;
  if (meta.versionMismatch) throw noValidCommand();
  Object.assign(errors, meta.error);
}
