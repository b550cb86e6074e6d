import type { ReactNode } from 'react';
import { Button, Empty, Flex, Input, Pagination, Popconfirm, Typography } from 'antd';
import { LazyPopup, LazyTooltip } from './LazyTooltip';
import { ConsoleSqlOutlined, DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ListState } from './listState';
import { useTranslation } from 'react-i18next';
import { countOf, type Noun } from './nouns';

interface ListEmptyProps {
  /** Filters are set: the list is empty because of them, not because there is nothing yet. */
  filtered: boolean;
  /** "No saved queries match your filters" */
  noMatchText: string;
  onClearFilters: () => void;
  /** "No saved queries yet" */
  title: string;
  /** Where the rows come from. */
  hint: string;
  /** Below the hint when nothing is filtered, e.g. an "Open SQL Lab" button. */
  action?: ReactNode;
}

/** A list's empty text: a way out of the filters, or how the first rows get there. */
export function ListEmpty({ filtered, noMatchText, onClearFilters, title, hint, action }: ListEmptyProps) {
  const { t } = useTranslation('components');
  if (filtered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noMatchText}>
        <Button onClick={onClearFilters}>{t('list.clearFilters')}</Button>
      </Empty>
    );
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </Flex>
      }
    >
      {action}
    </Empty>
  );
}

/** The way to a list's first rows when they are made in SQL Lab (queries, datasets). */
export function OpenSqlLabButton() {
  const { t } = useTranslation('components');
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={<ConsoleSqlOutlined aria-hidden />} onClick={() => navigate('/sqllab/')}>
      {t('list.openSqlLab')}
    </Button>
  );
}

interface DeleteRowButtonProps {
  /** The row's name: "Delete {name}?" and the button's label "Delete {name}". */
  name: string;
  /** What deleting it breaks. */
  description: string;
  /** A promise keeps the confirm's button loading until it settles. */
  onConfirm: () => void | Promise<void>;
  /** When set, the row cannot be deleted and the tooltip says why. */
  disabledReason?: string;
}

/**
 * A row's delete action, confirmed first. The confirm is made on the first click (a list has one
 * per row, and most are never opened); a row that cannot be deleted says why on hover.
 */
export function DeleteRowButton({ name, description, onConfirm, disabledReason }: DeleteRowButtonProps) {
  const { t } = useTranslation('components');
  const disabled = disabledReason !== undefined;
  const button = (
    <LazyTooltip title={disabledReason ?? t('common:delete')}>
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete.label', { name })} disabled={disabled} />
    </LazyTooltip>
  );
  if (disabled) return button;
  return (
    <LazyPopup
      on="click"
      popup={(child) => (
        <Popconfirm
          title={t('delete.title', { name })}
          description={description}
          okText={t('common:delete')}
          okButtonProps={{ danger: true }}
          onConfirm={onConfirm}
          defaultOpen
        >
          {child}
        </Popconfirm>
      )}
    >
      {button}
    </LazyPopup>
  );
}

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name: the placeholder goes once something is typed. */
  label: string;
}

/** The search field of a list's toolbar. */
export function SearchBox({ value, onChange, placeholder, label }: SearchBoxProps) {
  return (
    <Input
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      allowClear
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={label}
      className="rama-search"
    />
  );
}

interface CardPaginationProps {
  list: ListState;
  total: number;
  /** [one, many], for the total: "1 chart", "12 charts" */
  noun: Noun;
  onPageChange: (page: number) => void;
}

/** The card view's pages, below the cards (the table has its own); hidden when there is one page. */
export function CardPagination({ list, total, noun, onPageChange }: CardPaginationProps) {
  return (
    <div className="rama-list-pagination">
      <Pagination
        current={list.page + 1}
        pageSize={list.pageSize}
        total={total}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={(page) => onPageChange(page - 1)}
        showTotal={(count) => countOf(noun, count)}
      />
    </div>
  );
}

/** What a card view needs to select rows through the same selection the table uses. */
export interface CardSelection<T> {
  selectedIds: number[];
  onToggle: (id: number, selected: boolean) => void;
  canSelect: (row: T) => boolean;
}
