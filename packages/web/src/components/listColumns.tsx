/**
 * Columns every server-paged list table has in the same form: the star, "Modified" and the row
 * actions at the right edge.
 */
import type { ReactNode } from 'react';
import { Flex, type TableColumnType } from 'antd';
import { FavoriteStar } from './FavoriteStar';
import { HumanizedDate } from './Humanized';
import { sortOrderFor, type ListState } from './listState';
import { t } from '../i18n';

/** The star of a row the user can make a favorite; `nameOf` gives the button's label. */
export function favoriteColumn<T>(
  nameOf: (row: T) => string,
  isFavorite: (row: T) => boolean,
  onToggle: (row: T) => void,
): TableColumnType<T> {
  return {
    key: 'favorite',
    title: <span className="rama-sr-only">{t('components:srFavorite')}</span>,
    width: 48,
    render: (_v, row) => <FavoriteStar name={nameOf(row)} starred={isFavorite(row)} onToggle={() => onToggle(row)} />,
  };
}

/** "Modified": sorted on the server by `changed_on`, humanized with the full time on hover. */
export function modifiedColumn<T extends { changed_on_delta_humanized: string }>(
  list: ListState,
  changedOn: (row: T) => string | null,
): TableColumnType<T> {
  return {
    key: 'changed_on',
    title: t('components:list.modified'),
    sorter: true,
    sortOrder: sortOrderFor(list, 'changed_on'),
    width: 150,
    render: (_v, row) => <HumanizedDate iso={changedOn(row)} humanized={row.changed_on_delta_humanized} />,
  };
}

/** The row's actions, kept at the right edge when the table scrolls sideways. */
export function actionsColumn<T>(width: number, actions: (row: T) => ReactNode): TableColumnType<T> {
  return {
    key: 'actions',
    title: <span className="rama-sr-only">{t('components:srActions')}</span>,
    align: 'right',
    fixed: 'right',
    width,
    render: (_v, row) => (
      <Flex gap={2} justify="end" className="rama-row-actions">
        {actions(row)}
      </Flex>
    ),
  };
}
