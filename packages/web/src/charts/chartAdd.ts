/** The "Create a new chart" page's pure parts: its address, the dataset options and when it may go on. */
import type { DatasetListItem, ListQuery } from '@rama/shared';
import { t } from '../i18n';

/** The page's address (the peer's route); `dataset` preselects a dataset by its table name. */
export const CHART_ADD_PATH = '/chart/add';

export function chartAddPath(datasetTableName?: string | null): string {
  return datasetTableName ? `${CHART_ADD_PATH}?${new URLSearchParams({ dataset: datasetTableName }).toString()}` : CHART_ADD_PATH;
}

/** Why "Create new chart" cannot be pressed yet (the peer's hint), or null when it can. */
export function createDisabledReason(datasetId: number | null, vizType: string | null): string | null {
  return datasetId === null || !vizType ? t('charts:add.chooseBoth') : null;
}

export const DATASET_PAGE_SIZE = 50;

/** The dataset search: by table name (contains), in name order; `exact` finds one table by its name. */
export function datasetSearchQuery(text: string, exact = false): ListQuery {
  const name = text.trim();
  return {
    ...(name ? { filters: [{ col: 'table_name', opr: exact ? 'eq' : 'ct', value: name }] } : {}),
    order_column: 'table_name',
    order_direction: 'asc',
    page: 0,
    page_size: DATASET_PAGE_SIZE,
  };
}

export type PickedDataset = Pick<DatasetListItem, 'id' | 'table_name' | 'schema' | 'database' | 'description'>;

/** The options: the search's results, and the chosen dataset first when the search no longer lists it. */
export function datasetChoices(found: readonly PickedDataset[], picked: PickedDataset | null): PickedDataset[] {
  if (!picked || found.some((d) => d.id === picked.id)) return [...found];
  return [picked, ...found];
}
