/** CodeMirror completion source over the pure `sqlCompletions` (packages/shared). */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { sqlCompletions, type EditorDialectInfo, type SqlCompletionOption } from '@rama/shared';
import type { SqlEditorSchema } from './types';

export interface CompletionEnv {
  schema: SqlEditorSchema;
  dialect: EditorDialectInfo;
  keywords: string[];
  functions: string[];
}

export type TableName = { schema: string | null; name: string };

/** Typing more of the same word filters the list CodeMirror already has: no new call. */
const VALID_FOR = /^[\w$]*$/;
/** Something worth completing right before the cursor: a word, a quoted name or a `.`. */
const TRIGGER = /(?:[\w$]+|["`][\w$]*|\.)$/;

function toCompletion(o: SqlCompletionOption): Completion {
  return { label: o.label, type: o.type, detail: o.detail, boost: o.boost };
}

/**
 * The source reads the current schema through `env()` on every call, so columns loaded after the
 * editor was created are offered without rebuilding any extension.
 */
export function sqlCompletionSource(
  env: () => CompletionEnv,
  onMissingColumns: (tables: TableName[], pos: number) => void,
): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    if (!context.explicit && !context.matchBefore(TRIGGER)) return null;
    const { schema, dialect, keywords, functions } = env();
    const result = sqlCompletions({
      sql: context.state.doc.toString(),
      cursor: context.pos,
      defaultSchema: schema.defaultSchema,
      schemas: schema.schemas,
      tables: schema.tables,
      columns: schema.columns,
      keywords,
      functions,
      dialect,
    });
    if (result.needColumnsFor.length > 0) onMissingColumns(result.needColumnsFor, context.pos);
    if (result.options.length === 0) return null;
    return { from: result.from, options: result.options.map(toCompletion), validFor: VALID_FOR };
  };
}
