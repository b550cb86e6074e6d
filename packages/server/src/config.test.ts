import { mkdtempSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const home = () => mkdtempSync(join(tmpdir(), 'rama-config-'));

describe('configuration', () => {
  it('generates a secret key on first start and stores it with mode 0600', () => {
    const h = home();
    const cfg = loadConfig({ RAMA_HOME: h });
    expect(Buffer.byteLength(cfg.secretKey)).toBeGreaterThanOrEqual(32);
    const file = join(h, 'secret_key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(cfg.secretKey);
    expect(loadConfig({ RAMA_HOME: h }).secretKey).toBe(cfg.secretKey);
  });

  it('refuses a secret key shorter than 32 bytes', () => {
    expect(() => loadConfig({ RAMA_HOME: home(), RAMA_SECRET_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ RAMA_HOME: home(), RAMA_SECRET_KEY: 'short' })).toThrow(/shorter than 32 bytes/);
  });

  it('refuses a known placeholder secret key', () => {
    expect(() => loadConfig({ RAMA_HOME: home(), RAMA_SECRET_KEY: 'CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET' })).toThrow(/known placeholder/);
  });

  it('has the documented defaults', () => {
    const cfg = loadConfig({ RAMA_HOME: home() });
    expect(cfg.host).toBe('127.0.0.1');
    expect(cfg.port).toBe(8088);
    expect(cfg.sqlMaxRow).toBe(100000);
    expect(cfg.defaultSqllabLimit).toBe(10000);
    expect(cfg.metadataUrl).toMatch(/^sqlite:\/\/.*rama\.db$/);
    expect(cfg.featureFlags.SQLLAB_BACKEND_PERSISTENCE).toBe(true);
  });

  it('caps DEFAULT_SQLLAB_LIMIT at SQL_MAX_ROW and rejects non-integers', () => {
    expect(loadConfig({ RAMA_HOME: home(), SQL_MAX_ROW: '500', DEFAULT_SQLLAB_LIMIT: '1000' }).defaultSqllabLimit).toBe(500);
    expect(() => loadConfig({ RAMA_HOME: home(), RAMA_PORT: 'abc' })).toThrow(/RAMA_PORT must be an integer/);
  });

  it('DEFAULT_TIME_FILTER and DEFAULT_VIZ_TYPE default to "No filter" and "table"', () => {
    const cfg = loadConfig({ RAMA_HOME: home() });
    expect(cfg.defaultTimeFilter).toBe('No filter');
    expect(cfg.defaultVizType).toBe('table');
  });

  it('DEFAULT_TIME_FILTER and DEFAULT_VIZ_TYPE are read from the environment and from rama.config.json', () => {
    const env = loadConfig({ RAMA_HOME: home(), DEFAULT_TIME_FILTER: 'Last week', DEFAULT_VIZ_TYPE: 'echarts_timeseries_bar' });
    expect(env.defaultTimeFilter).toBe('Last week');
    expect(env.defaultVizType).toBe('echarts_timeseries_bar');
    const h = home();
    writeFileSync(join(h, 'rama.config.json'), JSON.stringify({ DEFAULT_TIME_FILTER: '2024-01-01 : now', DEFAULT_VIZ_TYPE: 'pie' }));
    const file = loadConfig({ RAMA_HOME: h });
    expect(file.defaultTimeFilter).toBe('2024-01-01 : now');
    expect(file.defaultVizType).toBe('pie');
    expect(loadConfig({ RAMA_HOME: h, DEFAULT_VIZ_TYPE: 'big_number_total' }).defaultVizType).toBe('big_number_total');
  });

  it("refuses a DEFAULT_TIME_FILTER the server's time range parser cannot read", () => {
    expect(() => loadConfig({ RAMA_HOME: home(), DEFAULT_TIME_FILTER: 'Last fortnight' })).toThrow(ConfigError);
    expect(() => loadConfig({ RAMA_HOME: home(), DEFAULT_TIME_FILTER: 'now : 2020-01-01' })).toThrow(/DEFAULT_TIME_FILTER/);
  });

  it('refuses a DEFAULT_VIZ_TYPE that is not a visualization key', () => {
    expect(() => loadConfig({ RAMA_HOME: home(), DEFAULT_VIZ_TYPE: 'line' })).toThrow(ConfigError);
    expect(() => loadConfig({ RAMA_HOME: home(), DEFAULT_VIZ_TYPE: 'line' })).toThrow(/DEFAULT_VIZ_TYPE/);
  });
  it('RAMA_THUMBNAILS defaults to on when the Chromium exists, off when it does not, and can be set either way', () => {
    const present = join(home(), 'chromium');
    writeFileSync(present, '');
    const on = loadConfig({ RAMA_HOME: home(), RAMA_CHROMIUM_PATH: present }).thumbnails;
    expect(on).toEqual({ enabled: true, cacheSeconds: 86400, maxEntries: 5000, maxBytes: 256 * 1024 * 1024 });
    const missing = join(home(), 'no-chromium');
    expect(loadConfig({ RAMA_HOME: home(), RAMA_CHROMIUM_PATH: missing }).thumbnails.enabled).toBe(false);
    expect(loadConfig({ RAMA_HOME: home(), RAMA_CHROMIUM_PATH: missing, RAMA_THUMBNAILS: 'true' }).thumbnails.enabled).toBe(true);
    expect(loadConfig({ RAMA_HOME: home(), RAMA_CHROMIUM_PATH: present, RAMA_THUMBNAILS: 'false' }).thumbnails.enabled).toBe(false);
  });

  it('reads the thumbnail cache settings and refuses values below their minimum', () => {
    const cfg = loadConfig({
      RAMA_HOME: home(),
      RAMA_THUMBNAIL_CACHE_SECONDS: '60',
      RAMA_THUMBNAIL_CACHE_MAX_ENTRIES: '10',
      RAMA_THUMBNAIL_CACHE_MAX_BYTES: String(2 * 1024 * 1024),
    }).thumbnails;
    expect([cfg.cacheSeconds, cfg.maxEntries, cfg.maxBytes]).toEqual([60, 10, 2 * 1024 * 1024]);
    expect(() => loadConfig({ RAMA_HOME: home(), RAMA_THUMBNAIL_CACHE_SECONDS: '0' })).toThrow(/RAMA_THUMBNAIL_CACHE_SECONDS/);
    expect(() => loadConfig({ RAMA_HOME: home(), RAMA_THUMBNAIL_CACHE_MAX_BYTES: '1000' })).toThrow(/RAMA_THUMBNAIL_CACHE_MAX_BYTES/);
  });
});
