/**
 * The hover menu of a component in edit mode (issue 12 part 4): its options (`extra`: a header's
 * size, a background, the markdown editor's edit / preview switch — the page passes them) and
 * delete. Deleting is one undoable layout step (spec section 4: the component, its descendants and
 * an emptied wrapper go; tabs left without tabs go too).
 */
import { useTranslation } from 'react-i18next';
import { type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { layoutActions, selectLayoutItem } from '../state/layoutSlice';
import { componentTitle } from './DragDroppable';
import { useIsHovered } from './editUiStore';
import './edit.css';

export interface ComponentMenuProps {
  id: string;
  parentId: string;
  /** the component's options, placed before delete */
  extra?: ReactNode;
}

export function ComponentMenu({ id, parentId, extra }: ComponentMenuProps) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const item = useAppSelector((s) => selectLayoutItem(s, id));
  const hovered = useIsHovered(id);
  if (!item) return null;
  const name = componentTitle(item);
  return (
    <div
      className={`rama-component-menu${hovered ? ' is-visible' : ''}`}
      role="toolbar"
      aria-label={t('componentMenu.options', { name })}
      data-test="dashboard-component-menu"
      // pressing in the menu never starts a drag of the component
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {extra}
      <Tooltip title={t('common:delete')}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('componentMenu.delete', { name })}
          data-test="dashboard-delete-component-button"
          onClick={() => dispatch(layoutActions.deleteComponent({ id, parentId }))}
        />
      </Tooltip>
    </div>
  );
}
