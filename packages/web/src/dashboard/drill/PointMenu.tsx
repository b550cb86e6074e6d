/**
 * The menu a right click on a chart's data point opens, at the pointer: "Drill to detail",
 * "Drill by" (a submenu of the dataset's groupable columns, searchable when there are many) and
 * "Add cross-filter". Items are role=menuitem (antd's menu).
 */
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Dropdown, Input, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { canDrillBy, columnDisplayName, drillByColumns, searchColumns } from './drillModel';
import './drill.css';

/** Above this many columns the drill-by list gets a search box. */
const SEARCH_FROM = 10;

export interface PointMenuProps {
  clientX: number;
  clientY: number;
  formData: QueryFormData;
  datasource: ExploreDatasource | null;
  onDrillToDetail: () => void;
  onDrillBy: (column: string) => void;
  /** shown when set ("Add cross-filter") */
  onAddCrossFilter?: () => void;
  onClose: () => void;
}

const DRILL_BY_PREFIX = 'drill-by:';

export function PointMenu({
  clientX,
  clientY,
  formData,
  datasource,
  onDrillToDetail,
  onDrillBy,
  onAddCrossFilter,
  onClose,
}: PointMenuProps) {
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useState('');
  const columns = useMemo(() => (canDrillBy(formData) ? drillByColumns(datasource, formData) : []), [formData, datasource]);
  const shown = useMemo(() => searchColumns(columns, search), [columns, search]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const drillByChildren: NonNullable<MenuProps['items']> = [
    ...(columns.length > SEARCH_FROM
      ? [
          {
            type: 'group' as const,
            key: 'drill-by-search',
            label: (
              <Input
                size="small"
                allowClear
                autoFocus
                placeholder={t('drill.searchColumns')}
                aria-label={t('drill.searchColumns')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                // the menu reads arrow keys, space and letters for itself
                onKeyDown={(e) => e.stopPropagation()}
                onClick={(e) => e.stopPropagation()}
              />
            ),
          },
        ]
      : []),
    ...shown.map((c) => ({ key: `${DRILL_BY_PREFIX}${c.column_name}`, label: columnDisplayName(c), title: c.column_name })),
    ...(shown.length === 0 ? [{ key: 'drill-by-none', label: t('drill.noColumns'), disabled: true }] : []),
  ];

  const items: MenuProps['items'] = [
    { key: 'drill-detail', label: t('chartMenu.drillToDetail') },
    columns.length > 0
      ? { key: 'drill-by', label: t('drill.drillBy'), children: drillByChildren, popupClassName: 'rama-drill-by-popup' }
      : { key: 'drill-by', label: t('drill.drillBy'), disabled: true },
    ...(onAddCrossFilter ? [{ key: 'cross-filter', label: t('drill.addCrossFilter') }] : []),
  ];

  const handleClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === 'drill-detail') onDrillToDetail();
    else if (key === 'cross-filter') onAddCrossFilter?.();
    else if (key.startsWith(DRILL_BY_PREFIX)) onDrillBy(key.slice(DRILL_BY_PREFIX.length));
  };

  return createPortal(
    <Dropdown
      open
      trigger={['contextMenu']}
      menu={{ items, onClick: handleClick }}
      // choosing an item is handled above; only a click elsewhere closes the menu from here
      onOpenChange={(open, info) => {
        if (!open && info.source === 'trigger') onClose();
      }}
      destroyOnHidden
    >
      <div className="rama-drill-anchor" style={{ left: clientX, top: clientY }} aria-hidden />
    </Dropdown>,
    document.body,
  );
}
