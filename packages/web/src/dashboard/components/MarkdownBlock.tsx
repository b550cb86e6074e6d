/**
 * A markdown component (spec section 3 "Layout component"): the text rendered through the
 * sanitizer, in a box of its layout size. In edit mode a double-click opens the source; leaving
 * the editor keeps the change (one undoable step).
 */
import { lazy, memo, Suspense, useState, type ReactNode } from 'react';
import { Button, Input, Tooltip } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LayoutItem } from '@rama/shared';
import { useAppDispatch } from '../../core/hooks';
import { useEditKit } from '../editKit';
import { useDashboardPage } from '../pageContext';
import { layoutActions } from '../state/layoutSlice';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

interface MarkdownBlockProps {
  item: LayoutItem;
  parentId: string;
  width: number;
  height: number;
  /** fill the box it is in (edit mode's resize handles) instead of taking the size */
  fill?: boolean;
  dragHandle?: ReactNode;
}

export const MarkdownBlock = memo(function MarkdownBlock({ item, parentId, width, height, fill = false, dragHandle }: MarkdownBlockProps) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { display } = useDashboardPage();
  const kit = useEditKit();
  const code = typeof item.meta?.code === 'string' ? item.meta.code : '';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(code);
  const isEditing = display.editMode && editing;

  const open = () => {
    if (!display.editMode) return;
    setDraft(code);
    setEditing(true);
  };
  const commit = () => {
    setEditing(false);
    if (draft !== code) dispatch(layoutActions.updateComponents({ [item.id]: { ...item, meta: { ...item.meta, code: draft } } }));
  };

  const toggle = (
    <Tooltip title={isEditing ? t('common:preview') : t('common:edit')}>
      <Button
        type="text"
        size="small"
        icon={isEditing ? <EyeOutlined /> : <EditOutlined />}
        aria-label={isEditing ? t('markdown.preview') : t('markdown.edit')}
        // keeps the editor focused, so its blur does not commit before the click does
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => (isEditing ? commit() : open())}
      />
    </Tooltip>
  );

  return (
    <div
      className={`rama-dash-markdown${isEditing ? ' is-editing' : ''}`}
      style={fill ? { width: '100%', height: '100%' } : { width, height }}
      data-component-id={item.id}
      data-test="dashboard-markdown"
      onDoubleClick={display.editMode && !isEditing ? open : undefined}
    >
      {display.editMode && (
        <div className="rama-dash-component-chrome">
          {dragHandle}
          {kit && <kit.ComponentMenu id={item.id} parentId={parentId} extra={toggle} />}
        </div>
      )}
      {isEditing ? (
        <Input.TextArea
          className="rama-dash-markdown-editor"
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          aria-label={t('markdown.source')}
          spellCheck={false}
        />
      ) : (
        <div className="rama-dash-markdown-body">
          {code.trim() ? (
            <Suspense fallback={null}>
              <MarkdownRenderer source={code} />
            </Suspense>
          ) : (
            display.editMode && <span className="rama-dash-placeholder">{t('markdown.emptyHint')}</span>
          )}
        </div>
      )}
    </div>
  );
});
