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
const DELIMITERS = [
  { value: ',', label: 'Comma ( , )' },
  { value: ';', label: 'Semicolon ( ; )' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe ( | )' },
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
  const columns = item.column_names.map((name, i) => ({
    key: String(i),
    dataIndex: String(i),
    title: (
      <span className="rama-upload-col">
        {name} <Tag className="rama-upload-kind">{dates.includes(name) ? 'datetime' : item.column_types[i]}</Tag>
      </span>
    ),
    render: (v: string | null) => (v === null ? <Typography.Text type="secondary">NULL</Typography.Text> : v),
    ellipsis: true,
  }));
  const data = item.sample_rows.map((row, r) => ({ key: r, ...Object.fromEntries(row.map((v, i) => [String(i), v])) }));
  return (
    <Table
      aria-label="File preview"
      className="rama-upload-preview"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={data}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'The file has no data rows.' }}
    />
  );
}

export function UploadPage() {
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
    const t = uploadTypeOfFile(f.name);
    previewRun.current?.abort();
    if (!t) return;
    const run = new AbortController();
    previewRun.current = run;
    setPreview((p) => ({ ...p, loading: true, error: null }));
    sendForm('/api/v1/database/upload_metadata/', f, metadataFields(t, v), () => undefined, run.signal)
      .then((reply) => {
        if (run.signal.aborted) return;
        if (reply.status !== 200) {
          setPreview({ loading: false, items: null, error: uploadErrorText(reply.status, reply.body) });
          return;
        }
        const items = (reply.body as { result: { items: UploadFileMetadataItem[] } }).result.items;
        setPreview({ loading: false, items, error: null });
        if (t === 'excel' && items.length && !items.some((i) => i.sheet_name === v.sheetName))
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
    else setPreview({ loading: false, items: null, error: `This file type is not supported. Upload ${ACCEPT.replace(/,/g, ', ')} files.` });
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
    <PageHeader
      title="Upload file to database"
      subtitle="Load a CSV, Excel or Parquet file into a table of a database that takes uploads; a dataset on the table is made for you."
      breadcrumb={[{ title: 'Data' }, { title: 'Upload file to database' }]}
    />
  );

  if (phase.kind === 'done') {
    const r = phase.result;
    const where = r.schema ? `${r.schema}.${r.table_name}` : r.table_name;
    return (
      <div className="rama-page">
        {header}
        <Result
          status="success"
          title={`Loaded ${r.rows.toLocaleString()} rows into ${where}`}
          subTitle="A dataset on the table is ready to chart."
          extra={[
            <Button key="explore" type="primary" href={exploreUrl(r.dataset_id)}>
              Explore the dataset
            </Button>,
            <Link key="datasets" to="/tablemodelview/list/">
              <Button>Datasets</Button>
            </Link>,
            <Button key="again" onClick={reset}>
              Upload another file
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
            <p className="ant-upload-text">{file ? file.name : 'Drag a file here, or click to choose one'}</p>
            <p className="ant-upload-hint">
              {file
                ? `${/\.zip$/i.test(file.name) ? 'Zip of Parquet files' : `${TYPE_LABEL[type ?? 'csv']} file`}, ${fileSizeText(file.size)}`
                : 'CSV (.csv, .tsv, .txt), Excel (.xlsx), or Parquet (.parquet, or a .zip of Parquet files)'}
            </p>
          </Upload.Dragger>
          {preview.error && <Alert className="rama-upload-alert" type="error" showIcon message={preview.error} />}
          {file && (preview.loading || item) && (
            <div className="rama-upload-preview-wrap">
              <Typography.Title level={5}>Preview</Typography.Title>
              {preview.loading && !item ? (
                <Typography.Text type="secondary">Reading the file…</Typography.Text>
              ) : (
                item && <PreviewTable item={item} dates={type === 'columnar' ? [] : values.columnDates} />
              )}
            </div>
          )}
        </div>
        <div className="rama-panel rama-upload-options">
          <Form layout="vertical" component="div">
            <Form.Item label="Database" htmlFor="upload-database" required>
              <Select<number>
                id="upload-database"
                aria-label="Database"
                placeholder={
                  uploadable.length || databasesLoading ? 'Pick a database' : 'No database takes uploads (allow them in its settings)'
                }
                loading={databasesLoading}
                value={values.databaseId ?? undefined}
                onChange={(id) => update({ databaseId: id, schema: null })}
                options={uploadable.map((db) => ({ value: db.id, label: db.database_name }))}
              />
            </Form.Item>
            <Form.Item label="Schema" htmlFor="upload-schema">
              <Select<string>
                id="upload-schema"
                aria-label="Schema"
                allowClear
                placeholder={values.databaseId === null ? 'Pick a database first' : 'The default schema'}
                disabled={values.databaseId === null}
                loading={schemasLoading}
                value={values.schema ?? undefined}
                onChange={(s) => update({ schema: s ?? null })}
                options={(schemas ?? []).map((s) => ({ value: s, label: s }))}
              />
            </Form.Item>
            <Form.Item label="Table name" htmlFor="upload-table" required>
              <Input
                id="upload-table"
                aria-label="Table name"
                value={values.tableName}
                onChange={(e) => update({ tableName: e.target.value })}
                maxLength={63}
              />
            </Form.Item>
            <Form.Item label="If the table already exists" htmlFor="upload-exists">
              <Select
                id="upload-exists"
                aria-label="If the table already exists"
                value={values.alreadyExists}
                onChange={(v) => update({ alreadyExists: v })}
                options={[
                  { value: 'fail', label: 'Fail' },
                  { value: 'replace', label: 'Replace the table' },
                  { value: 'append', label: 'Append the rows' },
                ]}
              />
            </Form.Item>
            {type === 'excel' && (
              <Form.Item label="Sheet" htmlFor="upload-sheet">
                <Select<string>
                  id="upload-sheet"
                  aria-label="Sheet"
                  value={values.sheetName ?? undefined}
                  onChange={(s) => update({ sheetName: s })}
                  options={(preview.items ?? []).map((i) => ({ value: i.sheet_name ?? '', label: i.sheet_name ?? '' }))}
                />
              </Form.Item>
            )}
            {type === 'csv' && (
              <Form.Item label="Delimiter" htmlFor="upload-delimiter">
                <Select
                  id="upload-delimiter"
                  aria-label="Delimiter"
                  value={values.delimiter}
                  onChange={(d) => update({ delimiter: d }, true)}
                  options={DELIMITERS}
                />
              </Form.Item>
            )}
            <Collapse
              size="small"
              className="rama-upload-more"
              items={[
                {
                  key: 'columns',
                  label: 'Columns',
                  children: (
                    <>
                      <Form.Item label="Columns to read" htmlFor="upload-columns-read">
                        <Select
                          id="upload-columns-read"
                          mode="multiple"
                          allowClear
                          placeholder="All columns"
                          value={values.columnsRead}
                          onChange={(c) => update({ columnsRead: c })}
                          options={columnOptions}
                        />
                      </Form.Item>
                      {type !== 'columnar' && (
                        <Form.Item label="Columns to read as dates" htmlFor="upload-column-dates">
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
                        <Form.Item label="Index column" htmlFor="upload-index-column">
                          <Select<string>
                            id="upload-index-column"
                            allowClear
                            placeholder="None"
                            value={values.indexColumn ?? undefined}
                            onChange={(c) => update({ indexColumn: c ?? null })}
                            options={columnOptions}
                          />
                        </Form.Item>
                      )}
                      <Space direction="vertical" size={4}>
                        <Checkbox checked={values.dataframeIndex} onChange={(e) => update({ dataframeIndex: e.target.checked })}>
                          Write the index as a column
                        </Checkbox>
                        {values.dataframeIndex && (
                          <Input
                            aria-label="Index label"
                            placeholder="Index label"
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
                        label: 'Rows and values',
                        children: (
                          <>
                            <Checkbox checked={values.hasHeader} onChange={(e) => update({ hasHeader: e.target.checked }, true)}>
                              The file has a header row
                            </Checkbox>
                            <Flex gap={12} className="rama-upload-numbers">
                              <Form.Item label="Header row" htmlFor="upload-header-row">
                                <InputNumber
                                  id="upload-header-row"
                                  min={0}
                                  disabled={!values.hasHeader}
                                  value={values.headerRow}
                                  onChange={(n) => update({ headerRow: n ?? 0 }, true)}
                                />
                              </Form.Item>
                              <Form.Item label="Rows to skip" htmlFor="upload-skip-rows">
                                <InputNumber
                                  id="upload-skip-rows"
                                  min={0}
                                  value={values.skipRows}
                                  onChange={(n) => update({ skipRows: n ?? 0 })}
                                />
                              </Form.Item>
                              <Form.Item label="Rows to read" htmlFor="upload-rows-to-read">
                                <InputNumber
                                  id="upload-rows-to-read"
                                  min={1}
                                  placeholder="All"
                                  value={values.rowsToRead}
                                  onChange={(n) => update({ rowsToRead: n ?? null })}
                                />
                              </Form.Item>
                            </Flex>
                            <Form.Item label="Decimal character" htmlFor="upload-decimal">
                              <Select
                                id="upload-decimal"
                                value={values.decimalCharacter}
                                onChange={(d) => update({ decimalCharacter: d })}
                                options={[
                                  { value: '.', label: 'Dot ( . )' },
                                  { value: ',', label: 'Comma ( , )' },
                                ]}
                              />
                            </Form.Item>
                            <Form.Item label="Null values" htmlFor="upload-null-values">
                              <Select
                                id="upload-null-values"
                                mode="tags"
                                placeholder="The usual ones: empty, NA, N/A, NULL, NaN, None …"
                                value={values.nullValues}
                                onChange={(n) => update({ nullValues: n })}
                              />
                            </Form.Item>
                            {type === 'csv' && (
                              <Space direction="vertical" size={4}>
                                <Checkbox checked={values.dayFirst} onChange={(e) => update({ dayFirst: e.target.checked })}>
                                  Dates are day first (DD/MM/YYYY)
                                </Checkbox>
                                <Checkbox checked={values.skipBlankLines} onChange={(e) => update({ skipBlankLines: e.target.checked })}>
                                  Skip blank lines
                                </Checkbox>
                                <Checkbox
                                  checked={values.skipInitialSpace}
                                  onChange={(e) => update({ skipInitialSpace: e.target.checked })}
                                >
                                  Skip spaces after the delimiter
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
          {error && <Alert className="rama-upload-alert" type="error" showIcon message="The file was not loaded" description={error} />}
          {busy && (
            <div className="rama-upload-progress" aria-live="polite">
              <Progress percent={phase.kind === 'sending' ? Math.round(phase.sent * 100) : 100} status="active" />
              <Typography.Text type="secondary">
                {phase.kind === 'sending' ? 'Sending the file…' : 'Loading into the database…'}
              </Typography.Text>
            </div>
          )}
          <Button type="primary" block className="rama-upload-submit" disabled={!ready} loading={busy} onClick={() => void submit()}>
            Upload
          </Button>
        </div>
      </Flex>
    </div>
  );
}
