/**
 * Edit mode's per-component options, shown in the component's hover menu: a header's size, and the
 * background of a header, row or column (transparent or white). Each change is one undoable step.
 */
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { BACKGROUND_TRANSPARENT, BACKGROUND_WHITE, type HeaderSize, type LayoutItem, type LayoutMeta } from '@rama/shared';
import { useAppDispatch } from '../../core/hooks';
import { layoutActions } from '../state/layoutSlice';

function useMetaChange(item: LayoutItem): (meta: Partial<LayoutMeta>) => void {
  const dispatch = useAppDispatch();
  return (meta) => dispatch(layoutActions.updateComponents({ [item.id]: { ...item, meta: { ...item.meta, ...meta } } }));
}

export function BackgroundOption({ item }: { item: LayoutItem }) {
  const { t } = useTranslation('dashboard');
  const change = useMetaChange(item);
  const value = item.meta?.background === BACKGROUND_WHITE ? BACKGROUND_WHITE : BACKGROUND_TRANSPARENT;
  return (
    <Segmented
      size="small"
      value={value}
      onChange={(v) => change({ background: v })}
      options={[
        { value: BACKGROUND_TRANSPARENT, label: t('options.transparent') },
        { value: BACKGROUND_WHITE, label: t('options.white') },
      ]}
      aria-label={t('options.background')}
    />
  );
}

const HEADER_SIZES: { value: HeaderSize; label: string }[] = [
  { value: 'SMALL_HEADER', label: 'S' },
  { value: 'MEDIUM_HEADER', label: 'M' },
  { value: 'LARGE_HEADER', label: 'L' },
];

export function HeaderSizeOption({ item }: { item: LayoutItem }) {
  const { t } = useTranslation('dashboard');
  const change = useMetaChange(item);
  const value = HEADER_SIZES.some((s) => s.value === item.meta?.headerSize) ? (item.meta?.headerSize as HeaderSize) : 'MEDIUM_HEADER';
  return (
    <Segmented
      size="small"
      value={value}
      onChange={(v) => change({ headerSize: v })}
      options={HEADER_SIZES}
      aria-label={t('options.headerSize')}
    />
  );
}
