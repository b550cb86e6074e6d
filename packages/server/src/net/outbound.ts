/**
 * The one outbound-URL policy (issue 24 item 9): every request Rama makes to a URL a user typed
 * (report webhooks today) is checked here. The URL must be http(s) without credentials; its host
 * is resolved and every address it resolves to must be a public one — not loopback, unspecified,
 * private, shared (CGNAT), link-local, multicast, broadcast, reserved, documentation or a cloud
 * metadata endpoint, however the address is written (WHATWG URL parsing turns 2130706433,
 * 0x7f000001, 0177.0.0.1 and 127.1 into 127.0.0.1; IPv4 inside IPv6 is unwrapped). The request
 * then connects to the address that was checked, so a DNS answer that changes between the check
 * and the connection (rebinding) cannot move it, and redirects are not followed. An administrator
 * allows named hosts, addresses or networks with RAMA_WEBHOOK_ALLOWED_HOSTS.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, isIPv4, type LookupFunction } from 'node:net';

export const ALLOWED_HOSTS_SETTING = 'RAMA_WEBHOOK_ALLOWED_HOSTS';

/** Why a URL may not be reached; `rule` names the kind of address in words. */
export class OutboundRefused extends Error {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

type Ip = { v: 4; n: bigint } | { v: 6; n: bigint };
interface Cidr {
  v: 4 | 6;
  base: bigint;
  bits: number;
}

/** What an administrator allows: host names (exact), and addresses or networks. */
export interface AllowList {
  names: Set<string>;
  nets: Cidr[];
}

function parseIpv4(s: string): bigint | null {
  if (!isIPv4(s)) return null;
  return s.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function parseIpv6(raw: string): bigint | null {
  const s = raw.replace(/%.*$/, '');
  if (isIP(s) !== 6) return null;
  let text = s;
  // a dotted IPv4 tail (::ffff:127.0.0.1) becomes two hex groups
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = parseIpv4(dotted[1]);
    if (v4 === null) return null;
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const fill = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  const all = [...left, ...fill, ...right];
  if (all.length !== 8) return null;
  return all.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** An address as a number, with IPv4 carried inside IPv6 (mapped, NAT64) taken out. */
export function parseIp(s: string): Ip | null {
  const text = s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s;
  const v4 = parseIpv4(text);
  if (v4 !== null) return { v: 4, n: v4 };
  const v6 = parseIpv6(text);
  if (v6 === null) return null;
  const top96 = v6 >> 32n;
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address they carry
  if (top96 === 0xffffn || top96 === 0x64ff9b0000000000000000n) return { v: 4, n: v6 & 0xffffffffn };
  return { v: 6, n: v6 };
}

function parseCidr(entry: string): Cidr | null {
  const [addr, len, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const max = ip.v === 4 ? 32 : 128;
  // a mapped IPv6 network (::ffff:10.0.0.0/104) is the IPv4 network it carries
  const mappedShift = ip.v === 4 && !isIPv4(addr.replace(/^\[|\]$/g, '')) ? 96 : 0;
  const bits = len === undefined ? max : Number(len) - mappedShift;
  if (!Number.isInteger(bits) || bits < 0 || bits > max || (len !== undefined && !/^\d+$/.test(len))) return null;
  return { v: ip.v, base: ip.n, bits };
}

const inCidr = (ip: Ip, c: Cidr): boolean => {
  if (ip.v !== c.v) return false;
  const shift = BigInt((c.v === 4 ? 32 : 128) - c.bits);
  return ip.n >> shift === c.base >> shift;
};

const rule = (cidr: string, name: string): [Cidr, string] => [parseCidr(cidr) as Cidr, name];

/** Refused networks, most specific first (the first match names the rule). */
const REFUSED: [Cidr, string][] = [
  rule('169.254.169.254', 'a cloud metadata address'),
  rule('fd00:ec2::254', 'a cloud metadata address'),
  rule('255.255.255.255', 'the broadcast address'),
  rule('0.0.0.0/8', 'an unspecified address'),
  rule('127.0.0.0/8', 'a loopback address'),
  rule('10.0.0.0/8', 'a private address'),
  rule('172.16.0.0/12', 'a private address'),
  rule('192.168.0.0/16', 'a private address'),
  rule('100.64.0.0/10', 'a shared (carrier-grade NAT) address'),
  rule('169.254.0.0/16', 'a link-local address'),
  rule('192.0.0.0/24', 'a reserved address'),
  rule('192.0.2.0/24', 'a documentation address'),
  rule('198.51.100.0/24', 'a documentation address'),
  rule('203.0.113.0/24', 'a documentation address'),
  rule('198.18.0.0/15', 'a reserved address'),
  rule('224.0.0.0/4', 'a multicast address'),
  rule('240.0.0.0/4', 'a reserved address'),
  rule('::/128', 'an unspecified address'),
  rule('::1/128', 'a loopback address'),
  rule('fc00::/7', 'a private address'),
  rule('fe80::/10', 'a link-local address'),
  rule('fec0::/10', 'a link-local address'),
  rule('ff00::/8', 'a multicast address'),
  rule('2001:db8::/32', 'a documentation address'),
  // 6to4 and Teredo tunnel to addresses this check cannot see
  rule('2002::/16', 'a tunnelled address'),
  rule('2001::/32', 'a tunnelled address'),
];
/** Every public IPv6 address is global unicast; anything else (IPv4-compatible ::a.b.c.d, discard …) is not public. */
const GLOBAL_UNICAST = parseCidr('2000::/3') as Cidr;

const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

const normalName = (host: string) => host.toLowerCase().replace(/\.$/, '');

/** `RAMA_WEBHOOK_ALLOWED_HOSTS`: comma-separated host names, addresses and CIDR networks; throws on an entry that is none. */
export function parseAllowList(entries: readonly string[]): AllowList {
  const list: AllowList = { names: new Set(), nets: [] };
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const net = parseCidr(entry);
    if (net) list.nets.push(net);
    else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) list.names.add(normalName(entry));
    else throw new Error(`${ALLOWED_HOSTS_SETTING}: "${entry}" is not a host name, an address or a network (a.b.c.d/n).`);
  }
  return list;
}

/** The rule an address breaks ("a loopback address"), or null when it is public or allowed. */
export function refusedAddress(address: string, allow: AllowList = { names: new Set(), nets: [] }): string | null {
  const ip = parseIp(address);
  if (!ip) return 'not an address';
  if (allow.nets.some((c) => inCidr(ip, c))) return null;
  const hit = REFUSED.find(([c]) => inCidr(ip, c));
  if (hit) return hit[1];
  if (ip.v === 6 && !inCidr(ip, GLOBAL_UNICAST)) return 'a reserved address';
  return null;
}

const refusal = (host: string, why: string) =>
  new OutboundRefused(
    why,
    `The address ${host} is ${why}; Rama does not send to it (an administrator may allow it with ${ALLOWED_HOSTS_SETTING}).`,
  );

/**
 * What can be said of a URL without resolving it: scheme, credentials, a literal address or a
 * metadata host name. Throws OutboundRefused; returns the parsed URL.
 */
export function checkOutboundUrl(raw: string, allow: AllowList): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('not a URL', 'The address must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefused('not http(s)', 'The address must be an http(s) URL.');
  if (url.username || url.password)
    throw new OutboundRefused('credentials', 'The address may not hold a user name or password; put secrets in its path or query.');
  const host = normalName(url.hostname.replace(/^\[|\]$/g, ''));
  if (allow.names.has(host)) return url;
  if (METADATA_NAMES.has(host)) throw refusal(host, 'a cloud metadata address');
  if (isIP(host)) {
    const why = refusedAddress(host, allow);
    if (why) throw refusal(host, why);
  }
  return url;
}

export type Resolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, addrs) => (err ? reject(err) : resolve(addrs))));

/** The URL checked and its host resolved: every address must pass (one private answer refuses the host). */
export async function resolveOutbound(
  raw: string,
  allow: AllowList,
  resolver: Resolver = systemResolver,
): Promise<{ url: URL; address: LookupAddress }> {
  const url = checkOutboundUrl(raw, allow);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family) return { url, address: { address: host, family } };
  const addresses = await resolver(host);
  if (!addresses.length) throw new Error(`${host} did not resolve`);
  if (!allow.names.has(normalName(host))) {
    for (const a of addresses) {
      const why = refusedAddress(a.address, allow);
      if (why) throw refusal(`${a.address} (${host})`, why);
    }
  }
  return { url, address: addresses[0] };
}

export interface OutboundRequest {
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  /** bytes of the answer kept; the rest is read and dropped */
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request to a user-given URL under the policy: resolved and checked, connected to the checked
 * address (the socket's lookup answers with it, never asking DNS again), no redirect followed (a
 * 3xx is an answer like any other), the whole exchange bounded by `timeoutMs`.
 */
export async function outboundRequest(
  raw: string,
  req: OutboundRequest,
  allow: AllowList,
  resolver: Resolver = systemResolver,
): Promise<OutboundResponse> {
  const { url, address } = await resolveOutbound(raw, allow, resolver);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const limit = req.maxResponseBytes ?? 64 * 1024;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const r = send(
      url,
      { method: req.method, headers: req.headers, lookup: pinned, agent: false, signal: AbortSignal.timeout(req.timeoutMs) },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept < limit) chunks.push(c.subarray(0, limit - kept));
          kept += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    r.on('error', (e) => {
      // a broken answer (not HTTP, reset) must not leave the socket open
      r.destroy();
      reject(e);
    });
    r.end(req.body);
  });
}
