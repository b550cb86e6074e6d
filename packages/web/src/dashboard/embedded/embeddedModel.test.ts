import { describe, expect, it } from 'vitest';
import {
  dataMaskChange,
  handshakePort,
  isOriginAllowed,
  parseEmbeddedBootstrap,
  parseEmbeddedUiConfig,
  reachedRowLimit,
  type HandshakeEvent,
} from './embeddedModel';

const BOOT = {
  uuid: 'c0ffee00-0000-4000-8000-000000000001',
  dashboard_id: 7,
  allowed_domains: ['http://localhost:9000'],
  guest_token_header: 'X-GuestToken',
};

describe('parseEmbeddedBootstrap', () => {
  it('reads what the server injects', () => {
    expect(parseEmbeddedBootstrap(JSON.stringify(BOOT))).toEqual(BOOT);
  });

  it('refuses missing, malformed and mistyped bootstraps', () => {
    expect(parseEmbeddedBootstrap(null)).toBeNull();
    expect(parseEmbeddedBootstrap('{')).toBeNull();
    expect(parseEmbeddedBootstrap('[]')).toBeNull();
    expect(parseEmbeddedBootstrap(JSON.stringify({ ...BOOT, dashboard_id: 0 }))).toBeNull();
    expect(parseEmbeddedBootstrap(JSON.stringify({ ...BOOT, allowed_domains: [1] }))).toBeNull();
    // a header name that could not be sent (or smuggle another header) is refused
    expect(parseEmbeddedBootstrap(JSON.stringify({ ...BOOT, guest_token_header: 'X-A\r\nCookie: a' }))).toBeNull();
  });
});

describe('isOriginAllowed', () => {
  it('allows any origin when the list is empty, as the BI server', () => {
    expect(isOriginAllowed('https://anywhere.example', [])).toBe(true);
  });

  it('compares origins: scheme, host and port; a trailing slash does not matter', () => {
    const allowed = ['https://app.example.com/', 'http://localhost:9000'];
    expect(isOriginAllowed('https://app.example.com', allowed)).toBe(true);
    expect(isOriginAllowed('http://localhost:9000', allowed)).toBe(true);
    expect(isOriginAllowed('http://app.example.com', allowed)).toBe(false);
    expect(isOriginAllowed('http://localhost:9001', allowed)).toBe(false);
    expect(isOriginAllowed('https://app.example.com.evil.test', allowed)).toBe(false);
    expect(isOriginAllowed('null', allowed)).toBe(false);
  });
});

describe('handshakePort', () => {
  const parent = {};
  const port = {} as MessagePort;
  const event = (over: Partial<HandshakeEvent> = {}): HandshakeEvent => ({
    origin: 'http://localhost:9000',
    data: { type: '__embedded_comms__', handshake: 'port transfer' },
    ports: [port],
    source: parent,
    ...over,
  });

  it('takes the port of the SDK handshake from the parent on an allowed origin', () => {
    expect(handshakePort(event(), BOOT.allowed_domains, parent)).toBe(port);
  });

  it('ignores other origins, other windows, other messages and a handshake without a port', () => {
    expect(handshakePort(event({ origin: 'http://localhost:9999' }), BOOT.allowed_domains, parent)).toBeNull();
    expect(handshakePort(event({ source: {} }), BOOT.allowed_domains, parent)).toBeNull();
    expect(handshakePort(event({ data: { type: 'other', handshake: 'port transfer' } }), BOOT.allowed_domains, parent)).toBeNull();
    expect(handshakePort(event({ data: 'port transfer' }), BOOT.allowed_domains, parent)).toBeNull();
    expect(handshakePort(event({ ports: [] }), BOOT.allowed_domains, parent)).toBeNull();
  });
});

describe('parseEmbeddedUiConfig', () => {
  it('reads the bits the SDK sums and its filter options', () => {
    // hideTitle 1 + hideTab 2 + hideChartControls 8 + emitDataMasks 16 + showRowLimitWarning 32
    expect(parseEmbeddedUiConfig('?uiConfig=59&show_filters=false&expand_filters=true')).toEqual({
      hideTitle: true,
      hideTabs: true,
      hideChartControls: true,
      emitDataMasks: true,
      showRowLimitWarning: true,
      showFilters: false,
      expandFilters: true,
    });
  });

  it('reads nothing from an address without them', () => {
    expect(parseEmbeddedUiConfig('')).toEqual({
      hideTitle: false,
      hideTabs: false,
      hideChartControls: false,
      emitDataMasks: false,
      showRowLimitWarning: false,
      showFilters: null,
      expandFilters: null,
    });
    expect(parseEmbeddedUiConfig('uiConfig=16&show_filters=maybe')).toMatchObject({
      emitDataMasks: true,
      hideTitle: false,
      showFilters: null,
    });
  });
});

describe('dataMaskChange', () => {
  const native = (v: string) => ({ id: 'NATIVE_FILTER-a', filterState: { value: [v] }, extraFormData: {} });
  it('tells native filter changes from cross-filter changes', () => {
    expect(dataMaskChange({ 'NATIVE_FILTER-a': native('x') }, { 'NATIVE_FILTER-a': native('y') })).toEqual({
      nativeFiltersChanged: true,
      crossFiltersChanged: false,
    });
    expect(dataMaskChange({ 'NATIVE_FILTER-a': native('x') }, { 'NATIVE_FILTER-a': native('x'), '12': native('z') })).toEqual({
      nativeFiltersChanged: false,
      crossFiltersChanged: true,
    });
    expect(dataMaskChange({}, {})).toEqual({ nativeFiltersChanged: false, crossFiltersChanged: false });
  });
});

describe('reachedRowLimit', () => {
  it('is true when the rows reach the limit', () => {
    expect(reachedRowLimit(10, 10)).toBe(true);
    expect(reachedRowLimit('10', 9)).toBe(false);
    expect(reachedRowLimit(undefined, 10_000)).toBe(false);
  });
});
