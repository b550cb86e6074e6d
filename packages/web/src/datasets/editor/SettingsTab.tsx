import { Checkbox, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserRef } from '@rama/shared';
import type { DatasetDraft, DatasetFields } from '../datasetDraft';
import { OwnerAvatars } from '../OwnerAvatars';
import { TagSelect } from '../../tags/TagSelect';

interface SettingsTabProps {
  draft: DatasetDraft;
  owners: UserRef[];
  onChange: (fields: Partial<DatasetFields>) => void;
  errorOf: (key: string) => string | undefined;
  /** the dataset's custom tags, saved with the dataset; left out: no tag field (the user may not tag) */
  tags?: { names: string[]; onChange: (names: string[]) => void };
}

/** Form.Item props of a field that may carry an error. */
const status = (error: string | undefined) => ({ validateStatus: error ? ('error' as const) : undefined, help: error });

/** An example of the field's value, the same in every language. */
const DEFAULT_URL_EXAMPLE = '/dashboard/1/';

/** How the dataset behaves in charts: description, caching, time shift, templating, flags. */
export function SettingsTab({ draft, owners, onChange, errorOf, tags }: SettingsTabProps) {
  const { t } = useTranslation('datasets');
  const extraStatus = status(errorOf('extra'));
  const cacheTimeoutStatus = status(errorOf('cache_timeout'));
  const offsetStatus = status(errorOf('offset'));
  const templateParamsStatus = status(errorOf('template_params'));
  return (
    <div className="rama-editor-pane">
      <Form layout="vertical" component="div">
        <Row gutter={32}>
          <Col xs={24} lg={12}>
            <Typography.Title level={5} className="rama-editor-section">
              {t('settings.basic')}
            </Typography.Title>
            <Form.Item label={t('common:description')} htmlFor="dataset-description">
              <Input.TextArea
                id="dataset-description"
                autoSize={{ minRows: 3, maxRows: 8 }}
                value={draft.description}
                onChange={(event) => onChange({ description: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('settings.defaultUrl')} htmlFor="dataset-default-endpoint" extra={t('settings.defaultUrlExtra')}>
              <Input
                id="dataset-default-endpoint"
                placeholder={DEFAULT_URL_EXAMPLE}
                value={draft.default_endpoint}
                onChange={(event) => onChange({ default_endpoint: event.target.value })}
              />
            </Form.Item>
            <Form.Item extra={t('settings.autocompleteExtra')} className="rama-flag-item">
              <Checkbox
                checked={draft.filter_select_enabled}
                onChange={(event) => onChange({ filter_select_enabled: event.target.checked })}
              >
                {t('settings.autocomplete')}
              </Checkbox>
            </Form.Item>
            <Form.Item label={t('settings.predicate')} htmlFor="dataset-fetch-values-predicate" extra={t('settings.predicateExtra')}>
              <Input.TextArea
                id="dataset-fetch-values-predicate"
                className="rama-mono"
                spellCheck={false}
                autoSize={{ minRows: 2, maxRows: 6 }}
                value={draft.fetch_values_predicate}
                onChange={(event) => onChange({ fetch_values_predicate: event.target.value })}
              />
            </Form.Item>
            <Form.Item
              label={t('settings.extra')}
              htmlFor="dataset-extra"
              extra={t('settings.extraExtra', { example: '{"certification": {"certified_by": "Data team"}, "warning_markdown": "…"}' })}
              {...extraStatus}
            >
              <Input.TextArea
                id="dataset-extra"
                className="rama-mono"
                spellCheck={false}
                autoSize={{ minRows: 3, maxRows: 10 }}
                value={draft.extra}
                onChange={(event) => onChange({ extra: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('common:owners')} extra={t('settings.ownersExtra')}>
              <OwnerAvatars owners={owners} />
            </Form.Item>
            {tags && (
              <Form.Item label={t('common:tags')} htmlFor="dataset-tags" extra={t('settings.tagsExtra')}>
                <TagSelect id="dataset-tags" value={tags.names} onChange={tags.onChange} />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Title level={5} className="rama-editor-section">
              {t('settings.advanced')}
            </Typography.Title>
            <Form.Item
              label={t('settings.cacheTimeout')}
              htmlFor="dataset-cache-timeout"
              extra={t('settings.cacheTimeoutExtra')}
              {...cacheTimeoutStatus}
            >
              <InputNumber<number>
                id="dataset-cache-timeout"
                className="rama-full-width"
                min={-1}
                precision={0}
                placeholder={t('settings.databaseDefault')}
                value={draft.cache_timeout}
                onChange={(value) => onChange({ cache_timeout: value ?? null })}
              />
            </Form.Item>
            <Form.Item label={t('settings.hoursOffset')} htmlFor="dataset-offset" extra={t('settings.hoursOffsetExtra')} {...offsetStatus}>
              <InputNumber<number>
                id="dataset-offset"
                className="rama-full-width"
                min={-24}
                max={24}
                precision={0}
                value={draft.offset}
                onChange={(value) => onChange({ offset: value ?? 0 })}
              />
            </Form.Item>
            <Form.Item
              label={t('settings.templateParams')}
              htmlFor="dataset-template-params"
              extra={t('settings.templateParamsExtra', { example: '{"region": "EMEA"}' })}
              {...templateParamsStatus}
            >
              <Input.TextArea
                id="dataset-template-params"
                className="rama-mono"
                spellCheck={false}
                autoSize={{ minRows: 3, maxRows: 10 }}
                value={draft.template_params}
                onChange={(event) => onChange({ template_params: event.target.value })}
              />
            </Form.Item>
            <Form.Item extra={t('settings.normalizeExtra')} className="rama-flag-item">
              <Checkbox checked={draft.normalize_columns} onChange={(event) => onChange({ normalize_columns: event.target.checked })}>
                {t('settings.normalize')}
              </Checkbox>
            </Form.Item>
            <Form.Item extra={t('settings.alwaysFilterExtra')} className="rama-flag-item">
              <Checkbox
                checked={draft.always_filter_main_dttm}
                onChange={(event) => onChange({ always_filter_main_dttm: event.target.checked })}
              >
                {t('settings.alwaysFilter')}
              </Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </div>
  );
}
