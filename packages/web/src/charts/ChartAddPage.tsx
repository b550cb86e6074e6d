/**
 * "Create a new chart" (the peer's /chart/add): 1. choose a dataset, 2. choose a chart type from
 * the gallery (categories, search, a card per type with its picture and description), then
 * "Create new chart" opens Explore on that dataset with that type.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Input, Steps, Tag, Tooltip, Typography } from 'antd';
import { AppstoreOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SLOT, Slotted } from '../i18n/Slotted';
import type { VizMeta } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { useSession } from '../core/session';
import { useListDatasetsQuery } from '../datasets/datasetApi';
import { webVizList } from '../visualizations/registry';
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
import { newChartPath } from './chartList';
import { createDisabledReason, datasetSearchQuery, type PickedDataset } from './chartAdd';
import { DatasetPicker } from './DatasetPicker';
import './chartAdd.css';
import { useVizThumbnail } from '../visualizations/thumbnails/themed';

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function Thumbnail({ vizType }: { vizType: string }) {
  const thumbnail = useVizThumbnail(vizType);
  return thumbnail ? (
    <img src={thumbnail} alt="" className="rama-chart-add-thumb" />
  ) : (
    <span className="rama-chart-add-thumb rama-chart-add-thumb-empty">
      <AppstoreOutlined />
    </span>
  );
}

interface GalleryProps {
  selected: string | null;
  onSelect: (vizType: string) => void;
  /** A double click on a card: choose it and go on. */
  onChoose: (vizType: string) => void;
}

/** Step 2: every chart type, by category or by search, as cards with a picture and a description. */
function VizTypeGallery({ selected, onSelect, onChoose }: GalleryProps) {
  const { t } = useTranslation('charts');
  const metas = useMemo<VizMeta[]>(() => webVizList().map((v) => v.definition.meta), []);
  const [recent] = useState(() => readRecent(safeLocalStorage()));
  const [category, setCategory] = useState(ALL_CHARTS);
  const [search, setSearch] = useState('');
  const shown = visibleTypes(metas, category, search, recent);
  const details = metas.find((m) => m.key === selected);

  return (
    <div className="rama-chart-add-gallery">
      <nav className="rama-chart-add-categories" aria-label={t('add.categories')}>
        {categoryCounts(metas, recent).map(([name, count]) => {
          const active = name === category && !search;
          return (
            <button
              type="button"
              key={name}
              aria-pressed={active}
              className={active ? 'is-active' : undefined}
              onClick={() => {
                setCategory(name);
                setSearch('');
              }}
            >
              <span>{categoryLabel(name)}</span>
              <span className="rama-chart-add-count">{count}</span>
            </button>
          );
        })}
      </nav>
      <div className="rama-chart-add-main">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('explore:gallery.search')}
          aria-label={t('explore:gallery.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('add.noMatch')} />
        ) : (
          <div className="rama-chart-add-grid" role="listbox" aria-label={t('add.types')}>
            {shown.map((meta) => (
              <button
                type="button"
                role="option"
                aria-selected={meta.key === selected}
                key={meta.key}
                data-viz-type={meta.key}
                className={`rama-chart-add-card${meta.key === selected ? ' is-selected' : ''}`}
                onClick={() => onSelect(meta.key)}
                onDoubleClick={() => onChoose(meta.key)}
              >
                <Thumbnail vizType={meta.key} />
                <span className="rama-chart-add-card-text">
                  <span className="rama-chart-add-card-name">{vizText(meta.name)}</span>
                  <span className="rama-chart-add-card-description">{vizText(meta.description)}</span>
                </span>
              </button>
            ))}
          </div>
        )}
        {details && (
          <section className="rama-chart-add-details" aria-label={t('add.selectedType')}>
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
          </section>
        )}
      </div>
    </div>
  );
}

/** `?dataset=<table name>` (as the peer links here after a dataset is created) preselects that dataset. */
function usePreselectedDataset(onFound: (dataset: PickedDataset) => void): void {
  const [params] = useSearchParams();
  const name = params.get('dataset')?.trim() ?? '';
  const { data } = useListDatasetsQuery(datasetSearchQuery(name, true), { skip: !name });
  const first = data?.result[0];
  useEffect(() => {
    if (first) onFound(first);
    // once per dataset found
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first?.id]);
}

export function ChartAddPage() {
  const { t } = useTranslation('charts');
  const navigate = useNavigate();
  const { access } = useSession();
  const [dataset, setDataset] = useState<PickedDataset | null>(null);
  const [vizType, setVizType] = useState<string | null>(null);
  usePreselectedDataset(setDataset);
  const reason = createDisabledReason(dataset?.id ?? null, vizType);

  const create = (type: string | null = vizType) => {
    if (!dataset || !type) return;
    const storage = safeLocalStorage();
    try {
      storage?.setItem(RECENT_VIZ_KEY, JSON.stringify(pushRecent(readRecent(storage), type)));
    } catch {
      // a full or blocked storage only loses the recently used list
    }
    void navigate(newChartPath(dataset.id, type));
  };

  return (
    <div className="rama-page rama-chart-add">
      <PageHeader title={t('add.title')} breadcrumb={[{ title: t('list.title'), to: '/chart/list/' }, { title: t('add.title') }]} />
      <div className="rama-panel rama-chart-add-panel">
        <Steps
          orientation="vertical"
          size="small"
          className="rama-chart-add-steps"
          items={[
            {
              title: t('add.chooseDataset'),
              status: dataset ? 'finish' : 'process',
              content: (
                <div className="rama-chart-add-dataset">
                  <DatasetPicker value={dataset} onChange={setDataset} autoFocus />
                  {dataset?.description && (
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: dataset.description }}>
                      {dataset.description}
                    </Typography.Paragraph>
                  )}
                  {access.canWriteDataset && (
                    <Typography.Text type="secondary" className="rama-chart-add-hint">
                      <Slotted text={t('add.cannotFind', { link: SLOT })}>
                        <Link to="/dataset/add/">{t('add.addDataset')}</Link>
                      </Slotted>
                    </Typography.Text>
                  )}
                </div>
              ),
            },
            {
              title: t('add.chooseType'),
              status: vizType ? 'finish' : 'process',
              content: (
                <VizTypeGallery
                  selected={vizType}
                  onSelect={setVizType}
                  onChoose={(type) => {
                    setVizType(type);
                    create(type);
                  }}
                />
              ),
            },
          ]}
        />
      </div>
      <footer className="rama-chart-add-footer">
        {reason && <Typography.Text type="secondary">{reason}</Typography.Text>}
        <Tooltip title={reason}>
          <Button type="primary" disabled={reason !== null} onClick={() => create()}>
            {t('add.create')}
          </Button>
        </Tooltip>
      </footer>
    </div>
  );
}
