/**
 * How a dataset is named wherever the web app shows one (pickers, lists, Explore's dataset pane,
 * the native filter's dataset select): by its table name, as the peer does, with the schema as
 * secondary text where there is room for it. The qualified name (`database.schema.table`) is
 * kept for tooltips, so two tables of the same name in different schemas can still be told apart.
 */

export interface NamedDataset {
  table_name: string;
  schema?: string | null;
  database?: { database_name: string } | null;
}

export interface DatasetNameParts {
  /** What the dataset is called: its table name. */
  name: string;
  /** Shown after or under the name when there is room: the schema, or null without one. */
  secondary: string | null;
}

/** The one rule: the table name, with the schema as secondary text. */
export function datasetNameParts(dataset: NamedDataset): DatasetNameParts {
  return { name: dataset.table_name, secondary: dataset.schema?.trim() ? dataset.schema : null };
}

/** The dataset's name as one string (a select's label, a link's text). */
export function datasetLabel(dataset: NamedDataset): string {
  return datasetNameParts(dataset).name;
}

/** The full address of the table for a tooltip: database, schema and table joined by dots. */
export function datasetQualifiedName(dataset: NamedDataset): string {
  return [dataset.database?.database_name, dataset.schema, dataset.table_name].filter(Boolean).join('.');
}

/**
 * The same rule for a name the server sends already qualified (a chart's `datasource_name_text`
 * is `schema.table`, as the peer's API has it): the schema is what comes before the first dot.
 */
export function splitQualifiedDatasetName(text: string): DatasetNameParts {
  const dot = text.indexOf('.');
  if (dot <= 0 || dot === text.length - 1) return { name: text, secondary: null };
  return { name: text.slice(dot + 1), secondary: text.slice(0, dot) };
}
