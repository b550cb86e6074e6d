/** "Chart type": the current type and the gallery of every type (search, categories, recently used). */
import { useMemo, useState } from 'react';
import { Button, Empty, Input, Modal, Tag, Typography } from 'antd';
import { AppstoreOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VizMeta } from '@rama/shared';
import { getWebViz, webVizList } from '../visualizations/registry';
import {
  ALL_CHARTS,
  RECENT_VIZ_KEY,
  categoryCounts,
  categoryLabel,
  pushRecent,
  readRecent,
  visibleTypes,
  vizText,
} from '../visualizations/vizGallery';
import { useVizThumbnail } from '../visualizations/thumbnails/themed';

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function Thumbnail({ vizType, size }: { vizType: string; size: number }) {
  const thumbnail = useVizThumbnail(vizType);
  return thumbnail ? (
    <img src={thumbnail} alt="" width={size} height={size} className="rama-viz-thumb" />
  ) : (
    <span className="rama-viz-thumb rama-viz-thumb-empty" style={{ width: size, height: size }}>
      <AppstoreOutlined />
    </span>
  );
}

interface GalleryProps {
  open: boolean;
  current: string;
  onClose: () => void;
  onSelect: (vizType: string) => void;
}

function VizGallery({ open, current, onClose, onSelect }: GalleryProps) {
  const { t } = useTranslation('explore');
  const metas = useMemo<VizMeta[]>(() => webVizList().map((v) => v.definition.meta), []);
  const [recent] = useState(() => readRecent(safeLocalStorage()));
  const [category, setCategory] = useState(ALL_CHARTS);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState(current);
  const shown = visibleTypes(metas, category, search, recent);
  const details = metas.find((m) => m.key === selected);

  return (
    <Modal
      open={open}
      title={t('gallery.title')}
      width={1000}
      onCancel={onClose}
      okText={t('gallery.select')}
      onOk={() => onSelect(selected)}
      okButtonProps={{ disabled: !details }}
      destroyOnHidden
      className="rama-viz-gallery-modal"
    >
      <div className="rama-viz-gallery">
        <nav className="rama-viz-gallery-categories" aria-label={t('gallery.categories')}>
          {categoryCounts(metas, recent).map(([name, count]) => (
            <button
              type="button"
              key={name}
              className={name === category && !search ? 'is-active' : undefined}
              onClick={() => {
                setCategory(name);
                setSearch('');
              }}
            >
              <span>{categoryLabel(name)}</span>
              <span className="rama-viz-gallery-count">{count}</span>
            </button>
          ))}
        </nav>
        <div className="rama-viz-gallery-main">
          <Input
            allowClear
            autoFocus
            prefix={<SearchOutlined />}
            placeholder={t('gallery.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label={t('gallery.search')}
          />
          {shown.length === 0 ? (
            <Empty description={t('gallery.noMatch')} />
          ) : (
            <div className="rama-viz-gallery-grid" role="listbox" aria-label={t('gallery.types')}>
              {shown.map((meta) => (
                <button
                  type="button"
                  role="option"
                  aria-selected={meta.key === selected}
                  key={meta.key}
                  className={`rama-viz-gallery-item${meta.key === selected ? ' is-selected' : ''}`}
                  onClick={() => setSelected(meta.key)}
                  onDoubleClick={() => onSelect(meta.key)}
                >
                  <Thumbnail vizType={meta.key} size={88} />
                  <span className="rama-viz-gallery-name">{vizText(meta.name)}</span>
                </button>
              ))}
            </div>
          )}
          {details && (
            <div className="rama-viz-gallery-details">
              <Typography.Title level={5}>{vizText(details.name)}</Typography.Title>
              <div>
                <Tag>{categoryLabel(details.category)}</Tag>
                {details.tags.map((tag) => (
                  <Tag key={tag} bordered={false}>
                    {vizText(tag)}
                  </Tag>
                ))}
              </div>
              <Typography.Paragraph type="secondary">{vizText(details.description)}</Typography.Paragraph>
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}

export function VizTypePicker({ vizType, onChange }: { vizType: string; onChange: (vizType: string) => void }) {
  const { t } = useTranslation('explore');
  const [open, setOpen] = useState(false);
  const meta = getWebViz(vizType)?.definition.meta;
  const select = (next: string) => {
    setOpen(false);
    const storage = safeLocalStorage();
    try {
      storage?.setItem(RECENT_VIZ_KEY, JSON.stringify(pushRecent(readRecent(storage), next)));
    } catch {
      // a full or blocked storage only loses the recently used list
    }
    onChange(next);
  };
  return (
    <div className="rama-explore-viztype">
      <Typography.Text type="secondary" className="rama-explore-label">
        {t('vizType.label')}
      </Typography.Text>
      <div className="rama-explore-viztype-row">
        <Thumbnail vizType={vizType} size={32} />
        <span className="rama-explore-viztype-name">{meta ? vizText(meta.name) : vizType}</span>
        <Button size="small" onClick={() => setOpen(true)}>
          {t('vizType.viewAll')}
        </Button>
      </div>
      {open && <VizGallery open current={vizType} onClose={() => setOpen(false)} onSelect={select} />}
    </div>
  );
}
