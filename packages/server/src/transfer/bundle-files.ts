/**
 * The files of an import bundle: the zip (or one YAML file) as text, and each YAML file read within
 * the limits of yaml-limits.ts. Pure and small, so the bundle worker (bundle-read.ts) loads only
 * this, fflate and yaml.
 */
import { strFromU8, unzipSync } from 'fflate';
import { LIMIT_MESSAGES, NOT_YAML, YAML_LIMITS, YamlFileError, parseYamlLimited, type YamlLimits } from './yaml-limits.js';

/** Everything the files of one bundle may hold, uncompressed. */
export const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;
export const MAX_BUNDLE_FILES = 10_000;

export class BundleError extends Error {}

/** A YAML file of the bundle worth reading: `.yaml`/`.yml`, not hidden, not `_`-prefixed. */
export function isConfigFile(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  return !name.startsWith('.') && !name.startsWith('_') && /\.ya?ml$/i.test(name);
}

/** The path inside the bundle: the export's root folder dropped. */
export const withoutRoot = (path: string): string => path.split('/').filter(Boolean).slice(1).join('/');

const isZip = (data: Uint8Array): boolean =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * The text files of an upload keyed by their path in the bundle. A zip is refused when it would
 * unpack to more than MAX_BUNDLE_BYTES or MAX_BUNDLE_FILES (a zip bomb); a lone YAML file keeps
 * its own name. A file that would unpack to more than `fileBytes` is not unpacked: its path goes
 * to `oversized`.
 */
export function bundleContents(
  fileName: string,
  data: Uint8Array,
  limits: { bytes: number; files: number; fileBytes?: number } = { bytes: MAX_BUNDLE_BYTES, files: MAX_BUNDLE_FILES },
  oversized = new Set<string>(),
): Record<string, string> {
  if (!isZip(data)) return { [fileName]: strFromU8(data) };
  let total = 0;
  let files = 0;
  let unzipped;
  try {
    unzipped = unzipSync(data, {
      filter: (f) => {
        files += 1;
        total += f.originalSize;
        if (files > limits.files || total > limits.bytes) throw new BundleError('The bundle is too large to import.');
        if (!isConfigFile(f.name)) return false;
        if (limits.fileBytes !== undefined && f.originalSize > limits.fileBytes && withoutRoot(f.name)) {
          oversized.add(withoutRoot(f.name));
          return false;
        }
        return true;
      },
    });
  } catch (e) {
    if (e instanceof BundleError) throw e;
    throw new BundleError('Not a valid ZIP file.');
  }
  const contents: Record<string, string> = {};
  for (const [path, bytes] of Object.entries(unzipped)) {
    const inner = withoutRoot(path);
    if (inner) contents[inner] = strFromU8(bytes);
  }
  return contents;
}

/** One file of a bundle as read: its data, or why it cannot be used. */
export type BundleFile = { doc: unknown } | { error: string };
/** A bundle as the importers take it: each YAML file by its path, already read. */
export type BundleDocs = Record<string, BundleFile>;

/**
 * The upload's YAML files, each read within `limits`; a file over a limit or not YAML carries its
 * message instead of its data. Throws BundleError for an upload that is not a bundle at all.
 */
export function readUpload(name: string, data: Uint8Array, limits: YamlLimits = YAML_LIMITS): BundleDocs {
  const oversized = new Set<string>();
  const texts = bundleContents(name, data, { bytes: MAX_BUNDLE_BYTES, files: MAX_BUNDLE_FILES, fileBytes: limits.fileChars }, oversized);
  const files = readBundleFiles(texts, limits);
  for (const path of oversized) files[path] = { error: LIMIT_MESSAGES.fileChars(limits) };
  return files;
}

/** Read every file; a file over a limit or not YAML carries its message instead of its data. */
export function readBundleFiles(contents: Record<string, string>, limits: YamlLimits = YAML_LIMITS): BundleDocs {
  const out: BundleDocs = {};
  for (const [path, text] of Object.entries(contents)) {
    try {
      out[path] = { doc: parseYamlLimited(text, limits) };
    } catch (e) {
      out[path] = { error: e instanceof YamlFileError ? e.message : NOT_YAML };
    }
  }
  return out;
}

/** The data of a read file; throws YamlFileError (its message for the file's entry in the answer). */
export function docOf(file: BundleFile): unknown {
  if ('error' in file) throw new YamlFileError(file.error);
  return file.doc;
}

/** The message of an error thrown by `docOf`, for the file's entry in the import's answer. */
export const fileProblem = (e: unknown): string => (e instanceof YamlFileError ? e.message : NOT_YAML);
