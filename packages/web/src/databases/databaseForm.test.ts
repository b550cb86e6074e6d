import { describe, expect, it } from 'vitest';
import { STANDARD_EDITOR_DIALECT, type DatabaseDetail } from '@rama/shared';
import { extraJsonProblem, formFieldFor, toDatabaseWrite, toFormValues, URI_PLACEHOLDER, uriPlaceholder } from './databaseForm';
import type { AvailableEngine } from '@rama/shared';

const detail = {
  id: 3,
  database_name: 'warehouse',
  sqlalchemy_uri: 'postgresql://rama:XXXXXXXXXX@db:5432/warehouse',
  backend: 'postgresql',
  expose_in_sqllab: true,
  allow_run_async: true,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  allows_subquery: true,
  disable_data_preview: true,
  force_ctas_schema: null,
  extra: '{"disable_data_preview":true,"engine_params":{"pool_size":5}}',
  changed_on: '2025-01-01T00:00:00Z',
  changed_on_delta_humanized: 'a day ago',
  created_by: null,
  cache_timeout: 60,
  impersonate_user: false,
  is_managed_externally: false,
  engine_information: {
    supports_catalog: false,
    disable_ssh_tunneling: false,
    supports_file_upload: false,
    editor_dialect: STANDARD_EDITOR_DIALECT,
  },
  is_examples: false,
} satisfies DatabaseDetail;

describe('database form', () => {
  it('starts a new connection with the server defaults', () => {
    const values = toFormValues();
    expect(values.expose_in_sqllab).toBe(true);
    expect(values.allow_dml).toBe(false);
    expect(values.extra).toBe('{}');
  });

  it('moves the check-box keys out of the extra text and back in on save', () => {
    const values = toFormValues(detail);
    expect(values.disable_data_preview).toBe(true);
    expect(values.extra).not.toContain('disable_data_preview');
    const body = toDatabaseWrite({ ...values, cost_estimate_enabled: true });
    expect(JSON.parse(body.extra ?? '{}')).toEqual({
      engine_params: { pool_size: 5 },
      cost_estimate_enabled: true,
      disable_data_preview: true,
    });
    expect(body.sqlalchemy_uri).toBe(detail.sqlalchemy_uri);
    expect(body.cache_timeout).toBe(60);
    expect(body.force_ctas_schema).toBeNull();
  });

  it('names the problem with extra text that is not a JSON object', () => {
    expect(extraJsonProblem('{')).toBe('Extra must be valid JSON');
    expect(extraJsonProblem('[1]')).toMatch(/JSON object/);
    expect(extraJsonProblem('{"a":1}')).toBeNull();
    expect(extraJsonProblem('')).toBeNull();
  });

  it('maps server field names to form fields', () => {
    expect(formFieldFor('sqlalchemy_uri')).toBe('sqlalchemy_uri');
    expect(formFieldFor('extra.engine_params')).toBe('extra');
    expect(formFieldFor('_schema')).toBeNull();
  });
});

describe('uriPlaceholder', () => {
  const engine = (name: string, scheme: string, placeholder: string): AvailableEngine => ({
    engine: scheme,
    name,
    sqlalchemy_uri_placeholder: placeholder,
    default_driver: '',
    available_drivers: [],
    preferred: true,
    engine_information: { supports_catalog: false, disable_ssh_tunneling: true, supports_file_upload: true },
  });
  const engines = [
    engine('PostgreSQL', 'postgresql', 'postgresql://user:password@host:5432/database'),
    engine('ClickHouse', 'clickhousedb', 'clickhousedb://user:password@host:8123/database'),
  ];

  it('shows the example of the engine being typed, else the first engine, else a shape naming none', () => {
    expect(uriPlaceholder(engines, 'clickhousedb://')).toBe('clickhousedb://user:password@host:8123/database');
    expect(uriPlaceholder(engines, 'click')).toBe('postgresql://user:password@host:5432/database');
    expect(uriPlaceholder(engines, undefined)).toBe('postgresql://user:password@host:5432/database');
    expect(uriPlaceholder([], 'x')).toBe(URI_PLACEHOLDER);
  });
});
