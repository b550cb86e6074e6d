/** A header component (small, medium or large text) and a divider. Header text is edited in place in edit mode. */
import { memo, type ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BACKGROUND_WHITE, NEW_HEADER_TEXT, type LayoutItem } from '@rama/shared';
import { useAppDispatch } from '../../core/hooks';
import { useEditKit } from '../editKit';
import { useDashboardPage } from '../pageContext';
import { layoutActions } from '../state/layoutSlice';
import { BackgroundOption, HeaderSizeOption } from './ComponentOptions';

const SIZE_CLASS: Record<string, string> = {
  SMALL_HEADER: 'is-small',
  MEDIUM_HEADER: 'is-medium',
  LARGE_HEADER: 'is-large',
};

interface BlockProps {
  item: LayoutItem;
  parentId: string;
  dragHandle?: ReactNode;
}

export const HeaderBlock = memo(function HeaderBlock({ item, parentId, dragHandle }: BlockProps) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { display } = useDashboardPage();
  const kit = useEditKit();
  const text = typeof item.meta?.text === 'string' ? item.meta.text : NEW_HEADER_TEXT;
  const size = SIZE_CLASS[String(item.meta?.headerSize)] ?? SIZE_CLASS.MEDIUM_HEADER;
  const white = item.meta?.background === BACKGROUND_WHITE;
  const rename = (next: string) => {
    const trimmed = next.trim();
    if (trimmed && trimmed !== text)
      dispatch(layoutActions.updateComponents({ [item.id]: { ...item, meta: { ...item.meta, text: trimmed } } }));
  };
  return (
    <div
      className={`rama-dash-header ${size}${white ? ' is-white' : ''}`}
      data-component-id={item.id}
      data-test="dashboard-header-component"
      id={item.id}
    >
      {display.editMode && (
        <div className="rama-dash-component-chrome">
          {dragHandle}
          {kit && (
            <kit.ComponentMenu
              id={item.id}
              parentId={parentId}
              extra={
                <>
                  <HeaderSizeOption item={item} />
                  <BackgroundOption item={item} />
                </>
              }
            />
          )}
        </div>
      )}
      {display.editMode ? (
        <Typography.Text className="rama-dash-header-text" editable={{ onChange: rename, tooltip: t('header.edit'), maxLength: 500 }}>
          {text}
        </Typography.Text>
      ) : (
        <span className="rama-dash-header-text">{text}</span>
      )}
    </div>
  );
});

export const DividerBlock = memo(function DividerBlock({ item, parentId, dragHandle }: BlockProps) {
  const { display } = useDashboardPage();
  const kit = useEditKit();
  return (
    <div className="rama-dash-divider" data-component-id={item.id} data-test="dashboard-divider">
      {display.editMode && (
        <div className="rama-dash-component-chrome">
          {dragHandle}
          {kit && <kit.ComponentMenu id={item.id} parentId={parentId} />}
        </div>
      )}
      <hr />
    </div>
  );
});
