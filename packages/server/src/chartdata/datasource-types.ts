/** The datasource types whose `datasource_id` names a Rama dataset (the others are not supported). */
export const DATASET_DATASOURCE_TYPES: readonly string[] = ['table', 'dataset', 'sl_table'];
