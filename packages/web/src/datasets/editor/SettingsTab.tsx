import { Checkbox, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
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

/** How the dataset behaves in charts: description, caching, time shift, templating, flags. */
export function SettingsTab({ draft, owners, onChange, errorOf, tags }: SettingsTabProps) {
  return (
    <div className="rama-editor-pane">
      <Form layout="vertical" component="div">
        <Row gutter={32}>
          <Col xs={24} lg={12}>
            <Typography.Title level={5} className="rama-editor-section">
              Basic
            </Typography.Title>
            <Form.Item label="Description" htmlFor="dataset-description">
              <Input.TextArea
                id="dataset-description"
                autoSize={{ minRows: 3, maxRows: 8 }}
                value={draft.description}
                onChange={(event) => onChange({ description: event.target.value })}
              />
            </Form.Item>
            <Form.Item
              label="Default URL"
              htmlFor="dataset-default-endpoint"
              extra="Where the dataset opens from the dataset list instead of Explore, e.g. a dashboard's relative URL."
            >
              <Input
                id="dataset-default-endpoint"
                placeholder="/dashboard/1/"
                value={draft.default_endpoint}
                onChange={(event) => onChange({ default_endpoint: event.target.value })}
              />
            </Form.Item>
            <Form.Item extra="Offer the values of a column as options in filters on it." className="rama-flag-item">
              <Checkbox
                checked={draft.filter_select_enabled}
                onChange={(event) => onChange({ filter_select_enabled: event.target.checked })}
              >
                Autocomplete filters
              </Checkbox>
            </Form.Item>
            <Form.Item
              label="Autocomplete query predicate"
              htmlFor="dataset-fetch-values-predicate"
              extra="A WHERE condition applied when fetching those values, e.g. to scan only recent partitions."
            >
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
              label="Extra"
              htmlFor="dataset-extra"
              extra={'A JSON object of metadata, e.g. {"certification": {"certified_by": "Data team"}, "warning_markdown": "…"}.'}
              {...status(errorOf('extra'))}
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
            <Form.Item label="Owners" extra="Owners and admins can edit and delete the dataset.">
              <OwnerAvatars owners={owners} />
            </Form.Item>
            {tags && (
              <Form.Item label="Tags" htmlFor="dataset-tags" extra="A list of tags that have been applied to this dataset.">
                <TagSelect id="dataset-tags" value={tags.names} onChange={tags.onChange} />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Title level={5} className="rama-editor-section">
              Advanced
            </Typography.Title>
            <Form.Item
              label="Cache timeout (seconds)"
              htmlFor="dataset-cache-timeout"
              extra="How long chart results of this dataset stay cached. -1 bypasses the cache; empty uses the database's setting."
              {...status(errorOf('cache_timeout'))}
            >
              <InputNumber<number>
                id="dataset-cache-timeout"
                className="rama-full-width"
                min={-1}
                precision={0}
                placeholder="Database default"
                value={draft.cache_timeout}
                onChange={(value) => onChange({ cache_timeout: value ?? null })}
              />
            </Form.Item>
            <Form.Item
              label="Hours offset"
              htmlFor="dataset-offset"
              extra="Hours, negative or positive, added to the time columns, e.g. to show UTC times in local time."
              {...status(errorOf('offset'))}
            >
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
              label="Template parameters"
              htmlFor="dataset-template-params"
              extra={'A JSON object of values the SQL can use through Jinja, e.g. {"region": "EMEA"}.'}
              {...status(errorOf('template_params'))}
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
            <Form.Item
              extra="Read column names case-insensitively where the engine upper-cases them (e.g. Oracle, Snowflake)."
              className="rama-flag-item"
            >
              <Checkbox checked={draft.normalize_columns} onChange={(event) => onChange({ normalize_columns: event.target.checked })}>
                Normalize column names
              </Checkbox>
            </Form.Item>
            <Form.Item
              extra="When a chart filters on another time column, apply the same time range to the default datetime column too."
              className="rama-flag-item"
            >
              <Checkbox
                checked={draft.always_filter_main_dttm}
                onChange={(event) => onChange({ always_filter_main_dttm: event.target.checked })}
              >
                Always filter the default datetime column
              </Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </div>
  );
}
