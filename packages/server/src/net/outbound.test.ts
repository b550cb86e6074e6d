/**
 * The outbound-URL policy (issue 24 item 9): every way of writing an internal address is refused,
 * the administrator's allow list lets chosen hosts through, and a request connects to the address
 * that was checked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundRefused,
  checkOutboundUrl,
  outboundRequest,
  parseAllowList,
  refusedAddress,
  resolveOutbound,
  type Resolver,
} from './outbound.js';

const none = parseAllowList([]);
const refusedRule = (url: string, allow = none): string | null => {
  try {
    checkOutboundUrl(url, allow);
    return null;
  } catch (e) {
    if (e instanceof OutboundRefused) return e.rule;
    throw e;
  }
};

describe('literal addresses, however written', () => {
  it.each([
    ['http://127.0.0.1:6379/', 'a loopback address'],
    ['http://127.0.0.1:18400/api/v1/security/users/', 'a loopback address'],
    ['http://0x7f000001:5432/', 'a loopback address'],
    ['http://2130706433:3306/', 'a loopback address'],
    ['http://0177.0.0.1/', 'a loopback address'],
    ['http://127.1/', 'a loopback address'],
    ['http://0x7f.1/', 'a loopback address'],
    ['http://[::1]:18400/', 'a loopback address'],
    ['http://[0:0:0:0:0:0:0:1]/', 'a loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'a loopback address'],
    ['http://[::ffff:7f00:1]/', 'a loopback address'],
    ['http://[64:ff9b::127.0.0.1]/', 'a loopback address'],
    ['http://0.0.0.0:8088/', 'an unspecified address'],
    ['http://0/', 'an unspecified address'],
    ['http://[::]/', 'an unspecified address'],
    ['http://10.1.2.3/', 'a private address'],
    ['http://172.16.0.1/', 'a private address'],
    ['http://172.31.255.255/', 'a private address'],
    ['http://192.168.1.1/', 'a private address'],
    ['http://[::ffff:192.168.1.1]/', 'a private address'],
    ['http://[fd12:3456::1]/', 'a private address'],
    ['http://100.64.0.1/', 'a shared (carrier-grade NAT) address'],
    ['http://169.254.10.10/', 'a link-local address'],
    ['http://[fe80::1]/', 'a link-local address'],
    ['http://169.254.169.254/latest/meta-data/', 'a cloud metadata address'],
    ['http://2852039166/', 'a cloud metadata address'],
    ['http://[fd00:ec2::254]/', 'a cloud metadata address'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'a cloud metadata address'],
    ['http://METADATA.google.internal./', 'a cloud metadata address'],
    ['http://224.0.0.1/', 'a multicast address'],
    ['http://[ff02::1]/', 'a multicast address'],
    ['http://255.255.255.255/', 'the broadcast address'],
    ['http://240.0.0.1/', 'a reserved address'],
    ['http://[::127.0.0.1]/', 'a reserved address'],
    ['http://[2002:7f00:1::]/', 'a tunnelled address'],
  ])('%s is refused as %s', (url, why) => {
    expect(refusedRule(url)).toBe(why);
  });

  it('lets public addresses and names through (names are checked once resolved)', () => {
    expect(refusedRule('https://93.184.216.34/hook')).toBeNull();
    expect(refusedRule('https://[2606:4700:4700::1111]/hook')).toBeNull();
    expect(refusedRule('https://hooks.example.com/x?token=abc')).toBeNull();
    expect(refusedRule('http://172.32.0.1/')).toBeNull();
    expect(refusedRule('http://100.128.0.1/')).toBeNull();
  });

  it('refuses other schemes and credentials in the URL', () => {
    expect(refusedRule('ftp://example.com/')).toBe('not http(s)');
    expect(refusedRule('file:///etc/passwd')).toBe('not http(s)');
    expect(refusedRule('gopher://127.0.0.1:6379/_FLUSHALL')).toBe('not http(s)');
    expect(refusedRule('https://user:secret@example.com/')).toBe('credentials');
    expect(refusedRule('not a url')).toBe('not a URL');
  });

  it('says which rule and which setting allows it', () => {
    expect(() => checkOutboundUrl('http://2130706433:6379/', none)).toThrow(
      'The address 127.0.0.1 is a loopback address; Rama does not send to it (an administrator may allow it with RAMA_WEBHOOK_ALLOWED_HOSTS).',
    );
  });
});

describe('the administrator allow list', () => {
  it('allows an address, a network or a host name, and nothing more', () => {
    const allow = parseAllowList(['127.0.0.1', ' 10.20.0.0/16', 'hooks.internal', '', 'fd00:1::/32']);
    expect(refusedRule('http://127.0.0.1:9000/', allow)).toBeNull();
    expect(refusedRule('http://2130706433:9000/', allow)).toBeNull();
    expect(refusedRule('http://[::ffff:127.0.0.1]/', allow)).toBeNull();
    expect(refusedRule('http://127.0.0.2/', allow)).toBe('a loopback address');
    expect(refusedRule('http://[::1]/', allow)).toBe('a loopback address');
    expect(refusedRule('http://10.20.3.4/', allow)).toBeNull();
    expect(refusedRule('http://10.21.3.4/', allow)).toBe('a private address');
    expect(refusedRule('http://[fd00:1:2::3]/', allow)).toBeNull();
    expect(refusedRule('http://HOOKS.internal/', allow)).toBeNull();
    expect(refusedAddress('10.20.255.255', allow)).toBeNull();
  });

  it('refuses an entry that is neither a name, an address nor a network', () => {
    expect(() => parseAllowList(['10.0.0.0/33'])).toThrow(/RAMA_WEBHOOK_ALLOWED_HOSTS: "10.0.0.0\/33"/);
    expect(() => parseAllowList(['http://x/'])).toThrow(/is not a host name/);
  });
});

describe('resolved names', () => {
  const fakeDns =
    (answers: Record<string, string[]>): Resolver =>
    (host) =>
      Promise.resolve((answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

  it('refuses a name when any of its addresses is internal', async () => {
    const dns = fakeDns({ 'evil.example': ['93.184.216.34', '127.0.0.1'], 'v6.example': ['::1'], 'ok.example': ['93.184.216.34'] });
    await expect(resolveOutbound('http://evil.example/', none, dns)).rejects.toThrow('127.0.0.1 (evil.example) is a loopback address');
    await expect(resolveOutbound('http://v6.example/', none, dns)).rejects.toThrow(OutboundRefused);
    expect((await resolveOutbound('http://ok.example/', none, dns)).address.address).toBe('93.184.216.34');
  });

  it('refuses localhost through the system resolver', async () => {
    await expect(resolveOutbound('http://localhost:6379/', none)).rejects.toThrow(/is a loopback address/);
  });

  describe('the request', () => {
    let server: Server;
    let port: number;
    const seen: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        seen.push(`${req.method ?? ''} ${req.headers.host ?? ''} ${req.url ?? ''}`);
        if (req.url === '/redirect') {
          res.writeHead(302, { location: 'http://169.254.169.254/' });
          return res.end();
        }
        res.end('ok');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('connects to the address it checked, never asking DNS again', async () => {
      // the system resolver knows no such name: the request can only reach the server through the pinned address
      const dns = fakeDns({ 'hooks.rama-test': ['127.0.0.1'] });
      const allow = parseAllowList(['127.0.0.1']);
      const res = await outboundRequest(
        `http://hooks.rama-test:${port}/x`,
        { method: 'POST', headers: {}, body: '{}', timeoutMs: 5000 },
        allow,
        dns,
      );
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe('ok');
      expect(seen).toContain(`POST hooks.rama-test:${port} /x`);
    });

    it('does not follow a redirect', async () => {
      const res = await outboundRequest(
        `http://127.0.0.1:${port}/redirect`,
        { method: 'POST', headers: {}, timeoutMs: 5000 },
        parseAllowList(['127.0.0.1']),
      );
      expect(res.status).toBe(302);
    });

    it('sends nothing to a refused address', async () => {
      const before = seen.length;
      await expect(outboundRequest(`http://127.0.0.1:${port}/x`, { method: 'POST', headers: {}, timeoutMs: 5000 }, none)).rejects.toThrow(
        OutboundRefused,
      );
      expect(seen.length).toBe(before);
    });
  });
});
