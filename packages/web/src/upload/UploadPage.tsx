import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  Flex,
  Form,
  Input,
  InputNumber,
  Progress,
  Result,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UPLOAD_EXTENSIONS, uploadTypeOfFile, type UploadFileMetadataItem, type UploadResult, type UploadType } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { useGetSchemasQuery, useListDatabasesQuery } from '../databases/databaseApi';
import {
  INITIAL_VALUES,
  exploreUrl,
  fileSizeText,
  metadataFields,
  tableNameFromFile,
  uploadErrorText,
  uploadFields,
  type UploadFormValues,
} from './uploadForm';
import { sendForm } from './uploadRequest';
import './upload.css';

const ALL_DATABASES = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 } as const;
const ACCEPT = Object.values(UPLOAD_EXTENSIONS)
  .flat()
  .map((e) => `.${e}`)
  .join(',');
const TYPE_LABEL: Record<UploadType, string> = { csv: 'CSV', excel: 'Excel', columnar: 'Parquet' };
/** Each delimiter's name is `delimiter.<key>` in the language file. */
const DELIMITERS = [
  { value: ',', key: 'comma' },
  { value: ';', key: 'semicolon' },
  { value: '\t', key: 'tab' },
  { value: '|', key: 'pipe' },
];

type Phase = { kind: 'edit' } | { kind: 'sending'; sent: number } | { kind: 'loading' } | { kind: 'done'; result: UploadResult['result'] };

interface Preview {
  loading: boolean;
  items: UploadFileMetadataItem[] | null;
  error: string | null;
}

const NO_PREVIEW: Preview = { loading: false, items: null, error: null };

/** The first rows of the file as the server read them, with each column's type. */
function PreviewTable({ item, dates }: { item: UploadFileMetadataItem; dates: string[] }) {
  const { t } = useTranslation('upload');
  const columns = item.column_names.map((name, i) => ({
    key: String(i),
    dataIndex: String(i),
    title: (
      <span className="rama-upload-col">
        {name} <Tag className="rama-upload-kind">{dates.includes(name) ? t('datetimeType') : item.column_types[i]}</Tag>
      </span>
    ),
    render: (v: string | null) => (v === null ? <Typography.Text type="secondary">NULL</Typography.Text> : v),
    ellipsis: true,
  }));
  const data = item.sample_rows.map((row, r) => ({ key: r, ...Object.fromEntries(row.map((v, i) => [String(i), v])) }));
  return (
    <Table
      aria-label={t('filePreview')}
      className="rama-upload-preview"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={data}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('noDataRows') }}
    />
  );
}

export function UploadPage() {
  const { t } = useTranslation('upload');
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<UploadFormValues>(INITIAL_VALUES);
  const [preview, setPreview] = useState<Preview>(NO_PREVIEW);
  const [phase, setPhase] = useState<Phase>({ kind: 'edit' });
  const [error, setError] = useState<string | null>(null);
  const previewRun = useRef<AbortController | null>(null);
  const type = file ? uploadTypeOfFile(file.name) : null;

  const { data: databases, isFetching: databasesLoading } = useListDatabasesQuery(ALL_DATABASES);
  const uploadable = (databases?.result ?? []).filter((db) => db.allow_file_upload);
  const { data: schemas, isFetching: schemasLoading } = useGetSchemasQuery(
    { databaseId: values.databaseId ?? 0, catalog: null },
    { skip: values.databaseId === null },
  );

  const loadPreview = (f: File, v: UploadFormValues) => {
    const fileType = uploadTypeOfFile(f.name);
    previewRun.current?.abort();
    if (!fileType) return;
    const run = new AbortController();
    previewRun.current = run;
    setPreview((p) => ({ ...p, loading: true, error: null }));
    sendForm('/api/v1/database/upload_metadata/', f, metadataFields(fileType, v), () => undefined, run.signal)
      .then((reply) => {
        if (run.signal.aborted) return;
        if (reply.status !== 200) {
          setPreview({ loading: false, items: null, error: uploadErrorText(reply.status, reply.body) });
          return;
        }
        const items = (reply.body as { result: { items: UploadFileMetadataItem[] } }).result.items;
        setPreview({ loading: false, items, error: null });
        if (fileType === 'excel' && items.length && !items.some((i) => i.sheet_name === v.sheetName))
          setValues((cur) => ({ ...cur, sheetName: items[0].sheet_name }));
      })
      .catch(() => undefined);
  };

  const update = (patch: Partial<UploadFormValues>, refresh = false) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (refresh && file) loadPreview(file, next);
  };

  const chooseFile = (f: File) => {
    setFile(f);
    setError(null);
    setPhase({ kind: 'edit' });
    const next = { ...values, tableName: tableNameFromFile(f.name), sheetName: null, columnsRead: [], columnDates: [], indexColumn: null };
    setValues(next);
    if (uploadTypeOfFile(f.name)) loadPreview(f, next);
    else setPreview({ loading: false, items: null, error: t('unsupportedType', { extensions: ACCEPT.replace(/,/g, ', ') }) });
  };

  const item = preview.items
    ? type === 'excel'
      ? (preview.items.find((i) => i.sheet_name === values.sheetName) ?? preview.items[0] ?? null)
      : (preview.items[0] ?? null)
    : null;
  const columnOptions = (item?.column_names ?? []).map((c) => ({ value: c, label: c }));

  const submit = async () => {
    if (!file || !type || values.databaseId === null) return;
    setError(null);
    setPhase({ kind: 'sending', sent: 0 });
    const reply = await sendForm(`/api/v1/database/${values.databaseId}/${type}_upload/`, file, uploadFields(type, values), (p) =>
      setPhase(p.loading ? { kind: 'loading' } : { kind: 'sending', sent: p.sent }),
    );
    if (reply.status === 201) {
      setPhase({ kind: 'done', result: (reply.body as UploadResult).result });
      return;
    }
    setError(uploadErrorText(reply.status, reply.body));
    setPhase({ kind: 'edit' });
  };

  const reset = () => {
    setFile(null);
    setPreview(NO_PREVIEW);
    setValues({ ...INITIAL_VALUES, databaseId: values.databaseId, schema: values.schema });
    setPhase({ kind: 'edit' });
  };

  const header = (
    <PageHeader title={t('title')} subtitle={t('subtitle')} breadcrumb={[{ title: t('breadcrumb.data') }, { title: t('title') }]} />
  );

  if (phase.kind === 'done') {
    const r = phase.result;
    const where = r.schema ? `${r.schema}.${r.table_name}` : r.table_name;
    return (
      <div className="rama-page">
        {header}
        <Result
          status="success"
          title={t('loaded', { count: r.rows, table: where })}
          subTitle={t('readyToChart')}
          extra={[
            <Button key="explore" type="primary" href={exploreUrl(r.dataset_id)}>
              {t('exploreDataset')}
            </Button>,
            <Link key="datasets" to="/tablemodelview/list/">
              <Button>{t('datasets')}</Button>
            </Link>,
            <Button key="again" onClick={reset}>
              {t('uploadAnother')}
            </Button>,
          ]}
        />
      </div>
    );
  }

  const busy = phase.kind === 'sending' || phase.kind === 'loading';
  const ready = file !== null && type !== null && values.databaseId !== null && values.tableName.trim() !== '' && !busy;

  return (
    <div className="rama-page">
      {header}
      <Flex gap={16} wrap className="rama-upload">
        <div className="rama-panel rama-upload-file">
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(f) => {
              chooseFile(f);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{file ? file.name : t('dropHere')}</p>
            <p className="ant-upload-hint">
              {file
                ? /\.zip$/i.test(file.name)
                  ? t('fileZip', { size: fileSizeText(file.size) })
                  : t('fileOfType', { type: TYPE_LABEL[type ?? 'csv'], size: fileSizeText(file.size) })
                : t('accepted')}
            </p>
          </Upload.Dragger>
          {preview.error && <Alert className="rama-upload-alert" type="error" showIcon message={preview.error} />}
          {file && (preview.loading || item) && (
            <div className="rama-upload-preview-wrap">
              <Typography.Title level={5}>{t('common:preview')}</Typography.Title>
              {preview.loading && !item ? (
                <Typography.Text type="secondary">{t('readingFile')}</Typography.Text>
              ) : (
                item && <PreviewTable item={item} dates={type === 'columnar' ? [] : values.columnDates} />
              )}
            </div>
          )}
        </div>
        <div className="rama-panel rama-upload-options">
          <Form layout="vertical" component="div">
            <Form.Item label={t('common:database')} htmlFor="upload-database" required>
              <Select<number>
                id="upload-database"
                aria-label={t('common:database')}
                placeholder={uploadable.length || databasesLoading ? t('pickDatabase') : t('noUploadDatabase')}
                loading={databasesLoading}
                value={values.databaseId ?? undefined}
                onChange={(id) => update({ databaseId: id, schema: null })}
                options={uploadable.map((db) => ({ value: db.id, label: db.database_name }))}
              />
            </Form.Item>
            <Form.Item label={t('common:schema')} htmlFor="upload-schema">
              <Select<string>
                id="upload-schema"
                aria-label={t('common:schema')}
                allowClear
                placeholder={values.databaseId === null ? t('pickDatabaseFirst') : t('defaultSchema')}
                disabled={values.databaseId === null}
                loading={schemasLoading}
                value={values.schema ?? undefined}
                onChange={(s) => update({ schema: s ?? null })}
                options={(schemas ?? []).map((s) => ({ value: s, label: s }))}
              />
            </Form.Item>
            <Form.Item label={t('tableName')} htmlFor="upload-table" required>
              <Input
                id="upload-table"
                aria-label={t('tableName')}
                value={values.tableName}
                onChange={(e) => update({ tableName: e.target.value })}
                maxLength={63}
              />
            </Form.Item>
            <Form.Item label={t('ifExists')} htmlFor="upload-exists">
              <Select
                id="upload-exists"
                aria-label={t('ifExists')}
                value={values.alreadyExists}
                onChange={(v) => update({ alreadyExists: v })}
                options={[
                  { value: 'fail', label: t('ifExists.fail') },
                  { value: 'replace', label: t('ifExists.replace') },
                  { value: 'append', label: t('ifExists.append') },
                ]}
              />
            </Form.Item>
            {type === 'excel' && (
              <Form.Item label={t('sheet')} htmlFor="upload-sheet">
                <Select<string>
                  id="upload-sheet"
                  aria-label={t('sheet')}
                  value={values.sheetName ?? undefined}
                  onChange={(s) => update({ sheetName: s })}
                  options={(preview.items ?? []).map((i) => ({ value: i.sheet_name ?? '', label: i.sheet_name ?? '' }))}
                />
              </Form.Item>
            )}
            {type === 'csv' && (
              <Form.Item label={t('delimiter')} htmlFor="upload-delimiter">
                <Select
                  id="upload-delimiter"
                  aria-label={t('delimiter')}
                  value={values.delimiter}
                  onChange={(d) => update({ delimiter: d }, true)}
                  options={DELIMITERS.map((d) => ({ value: d.value, label: t(`delimiter.${d.key}`) }))}
                />
              </Form.Item>
            )}
            <Collapse
              size="small"
              className="rama-upload-more"
              items={[
                {
                  key: 'columns',
                  label: t('columns'),
                  children: (
                    <>
                      <Form.Item label={t('columnsToRead')} htmlFor="upload-columns-read">
                        <Select
                          id="upload-columns-read"
                          mode="multiple"
                          allowClear
                          placeholder={t('allColumns')}
                          value={values.columnsRead}
                          onChange={(c) => update({ columnsRead: c })}
                          options={columnOptions}
                        />
                      </Form.Item>
                      {type !== 'columnar' && (
                        <Form.Item label={t('columnsAsDates')} htmlFor="upload-column-dates">
                          <Select
                            id="upload-column-dates"
                            mode="multiple"
                            allowClear
                            value={values.columnDates}
                            onChange={(c) => update({ columnDates: c })}
                            options={columnOptions}
                          />
                        </Form.Item>
                      )}
                      {type !== 'columnar' && (
                        <Form.Item label={t('indexColumn')} htmlFor="upload-index-column">
                          <Select<string>
                            id="upload-index-column"
                            allowClear
                            placeholder={t('common:none')}
                            value={values.indexColumn ?? undefined}
                            onChange={(c) => update({ indexColumn: c ?? null })}
                            options={columnOptions}
                          />
                        </Form.Item>
                      )}
                      <Space direction="vertical" size={4}>
                        <Checkbox checked={values.dataframeIndex} onChange={(e) => update({ dataframeIndex: e.target.checked })}>
                          {t('writeIndex')}
                        </Checkbox>
                        {values.dataframeIndex && (
                          <Input
                            aria-label={t('indexLabel')}
                            placeholder={t('indexLabel')}
                            value={values.indexLabel}
                            onChange={(e) => update({ indexLabel: e.target.value })}
                          />
                        )}
                      </Space>
                    </>
                  ),
                },
                ...(type === 'columnar'
                  ? []
                  : [
                      {
                        key: 'rows',
                        label: t('rowsAndValues'),
                        children: (
                          <>
                            <Checkbox checked={values.hasHeader} onChange={(e) => update({ hasHeader: e.target.checked }, true)}>
                              {t('hasHeader')}
                            </Checkbox>
                            <Flex gap={12} className="rama-upload-numbers">
                              <Form.Item label={t('headerRow')} htmlFor="upload-header-row">
                                <InputNumber
                                  id="upload-header-row"
                                  min={0}
                                  disabled={!values.hasHeader}
                                  value={values.headerRow}
                                  onChange={(n) => update({ headerRow: n ?? 0 }, true)}
                                />
                              </Form.Item>
                              <Form.Item label={t('rowsToSkip')} htmlFor="upload-skip-rows">
                                <InputNumber
                                  id="upload-skip-rows"
                                  min={0}
                                  value={values.skipRows}
                                  onChange={(n) => update({ skipRows: n ?? 0 })}
                                />
                              </Form.Item>
                              <Form.Item label={t('rowsToRead')} htmlFor="upload-rows-to-read">
                                <InputNumber
                                  id="upload-rows-to-read"
                                  min={1}
                                  placeholder={t('common:all')}
                                  value={values.rowsToRead}
                                  onChange={(n) => update({ rowsToRead: n ?? null })}
                                />
                              </Form.Item>
                            </Flex>
                            <Form.Item label={t('decimalCharacter')} htmlFor="upload-decimal">
                              <Select
                                id="upload-decimal"
                                value={values.decimalCharacter}
                                onChange={(d) => update({ decimalCharacter: d })}
                                options={[
                                  { value: '.', label: t('decimal.dot') },
                                  { value: ',', label: t('decimal.comma') },
                                ]}
                              />
                            </Form.Item>
                            <Form.Item label={t('nullValues')} htmlFor="upload-null-values">
                              <Select
                                id="upload-null-values"
                                mode="tags"
                                placeholder={t('nullValuesPlaceholder')}
                                value={values.nullValues}
                                onChange={(n) => update({ nullValues: n })}
                              />
                            </Form.Item>
                            {type === 'csv' && (
                              <Space direction="vertical" size={4}>
                                <Checkbox checked={values.dayFirst} onChange={(e) => update({ dayFirst: e.target.checked })}>
                                  {t('dayFirst')}
                                </Checkbox>
                                <Checkbox checked={values.skipBlankLines} onChange={(e) => update({ skipBlankLines: e.target.checked })}>
                                  {t('skipBlankLines')}
                                </Checkbox>
                                <Checkbox
                                  checked={values.skipInitialSpace}
                                  onChange={(e) => update({ skipInitialSpace: e.target.checked })}
                                >
                                  {t('skipInitialSpace')}
                                </Checkbox>
                              </Space>
                            )}
                          </>
                        ),
                      },
                    ]),
              ]}
            />
          </Form>
          {error && <Alert className="rama-upload-alert" type="error" showIcon message={t('notLoaded')} description={error} />}
          {busy && (
            <div className="rama-upload-progress" aria-live="polite">
              <Progress percent={phase.kind === 'sending' ? Math.round(phase.sent * 100) : 100} status="active" />
              <Typography.Text type="secondary">{phase.kind === 'sending' ? t('sending') : t('loadingIntoDatabase')}</Typography.Text>
            </div>
          )}
          <Button type="primary" block className="rama-upload-submit" disabled={!ready} loading={busy} onClick={() => void submit()}>
            {t('upload')}
          </Button>
        </div>
      </Flex>
    </div>
  );
}
