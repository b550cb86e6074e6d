/**
 * Chart and dashboard thumbnails (the peer's thumbnail API). A request for a thumbnail checks that
 * the caller may read the object (a hidden one is "not found"), sends an old digest on to the
 * current address, answers with the stored picture, or queues its capture and says so (202). A
 * picture older than RAMA_THUMBNAIL_CACHE_SECONDS is still served while a new one is captured.
 *
 * Captures use the reports' browser (reports/screenshot.ts), logged in as the caller, one at a time
 * and only while the reports leave a capture slot free, so thumbnails never hold up a report. The
 * queue is bounded overall and per user; a request beyond it is answered 202 without queueing (the
 * web app's next poll asks again). A capture that failed is not tried again for a while.
 */
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { notFound } from '../http/errors.js';
import { visibleChart } from '../access/charts.js';
import { DashboardService } from '../dashboards/service.js';
import type { CaptureRequest } from '../reports/screenshot.js';
import { mayHaveThumbnails, thumbnailDigest, thumbnailPath, type ThumbnailKind } from '../security/thumbnail-digest.js';
import { MemoryThumbnailStore, RedisThumbnailStore, type ThumbnailStore } from './store.js';

/** captures waiting or running in one process */
export const MAX_QUEUED = 100;
/** of those, one user's */
export const MAX_QUEUED_PER_USER = 30;
/** how long a failed capture is not tried again */
const FAILURE_BACKOFF_MS = 5 * 60_000;
/** failures remembered at most */
const MAX_FAILURES = 1000;
/** how often a capture waiting for a free report slot looks again */
const SLOT_POLL_MS = 500;

export type ThumbnailAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'png'; png: Buffer; /** seconds the browser may keep it (0: ask again) */ maxAge: number }
  | { kind: 'queued' };

interface Job {
  key: string;
  user: Principal;
  request: CaptureRequest;
}

/** What a thumbnail captures: the page a chart report opens, or the dashboard in report mode. */
export function captureRequest(kind: ThumbnailKind, id: number): CaptureRequest {
  return kind === 'chart'
    ? { path: `/explore/?slice_id=${id}&standalone=true`, kind: 'chart', format: 'PNG', width: 800, viewport: { height: 600, scale: 0.5 } }
    : {
        path: `/rama/dashboard/${id}/?standalone=3`,
        kind: 'dashboard',
        format: 'PNG',
        width: 1600,
        viewport: { height: 1200, scale: 0.5 },
      };
}

const notFoundOf = (kind: ThumbnailKind) => notFound(kind === 'chart' ? 'Chart not found' : 'Dashboard not found');

export class ThumbnailService {
  readonly store: ThumbnailStore;
  private readonly dashboards: DashboardService;
  /** waiting or running, by key (a key is queued once) */
  private readonly pending = new Map<string, Job>();
  private readonly waiting: Job[] = [];
  private readonly perUser = new Map<number, number>();
  private readonly failedUntil = new Map<string, number>();
  private pump: Promise<void> | null = null;
  private closed = false;
  /** captures this process has finished (tests) */
  captures = 0;

  constructor(
    private readonly ctx: AppContext,
    store?: ThumbnailStore,
  ) {
    const { maxEntries, maxBytes } = ctx.config.thumbnails;
    this.store =
      store ??
      (ctx.config.redisUrl
        ? new RedisThumbnailStore(ctx.config.redisUrl, ctx.config.redisPrefix, { maxEntries, maxBytes })
        : new MemoryThumbnailStore({ maxEntries, maxBytes }));
    this.dashboards = new DashboardService(ctx);
  }

  /** The object's changed_on when the caller may read it; 404 (as for a missing object) otherwise. */
  private async changedOn(user: Principal, kind: ThumbnailKind, id: number): Promise<string> {
    if (!mayHaveThumbnails(this.ctx.config, user)) throw notFoundOf(kind);
    if (kind === 'chart') return (await visibleChart(this.ctx, user, id)).row.changed_on;
    return (await this.dashboards.visible(user, id)).row.changed_on;
  }

  async answer(user: Principal, kind: ThumbnailKind, id: number, digest: string): Promise<ThumbnailAnswer> {
    const changedOn = await this.changedOn(user, kind, id);
    const current = thumbnailDigest(this.ctx.config.secretKey, kind, id, changedOn, user.id);
    if (digest !== current) return { kind: 'redirect', location: thumbnailPath(kind, id, current) };
    const key = `${kind}:${id}:${current}`;
    const stored = await this.store.get(key);
    const ttlMs = this.ctx.config.thumbnails.cacheSeconds * 1000;
    if (stored) {
      const age = Date.now() - stored.storedAt;
      if (age < ttlMs) return { kind: 'png', png: stored.png, maxAge: Math.floor((ttlMs - age) / 1000) };
      // stale: served as it is while a new one is captured
      this.enqueue(key, user, captureRequest(kind, id));
      return { kind: 'png', png: stored.png, maxAge: 0 };
    }
    this.enqueue(key, user, captureRequest(kind, id));
    return { kind: 'queued' };
  }

  /** Queue a capture unless it is queued already, failed lately, or the queue is full. */
  private enqueue(key: string, user: Principal, request: CaptureRequest): void {
    if (this.closed || this.pending.has(key)) return;
    const until = this.failedUntil.get(key);
    if (until !== undefined) {
      if (until > Date.now()) return;
      this.failedUntil.delete(key);
    }
    const mine = this.perUser.get(user.id) ?? 0;
    if (this.pending.size >= MAX_QUEUED || mine >= MAX_QUEUED_PER_USER) return;
    const job = { key, user, request };
    this.pending.set(key, job);
    this.perUser.set(user.id, mine + 1);
    this.waiting.push(job);
    this.kick();
  }

  /** Start taking the queue unless it is being taken; a job queued as the last run ended starts it again. */
  private kick(): void {
    if (this.pump || this.closed) return;
    this.pump = this.drain().finally(() => {
      this.pump = null;
      if (this.waiting.length) this.kick();
    });
  }

  /** Captures waiting or running now. */
  get queued(): number {
    return this.pending.size;
  }

  private async drain(): Promise<void> {
    for (let job = this.waiting.shift(); job && !this.closed; job = this.waiting.shift()) {
      try {
        await this.run(job);
      } finally {
        this.pending.delete(job.key);
        const left = (this.perUser.get(job.user.id) ?? 1) - 1;
        if (left > 0) this.perUser.set(job.user.id, left);
        else this.perUser.delete(job.user.id);
      }
    }
  }

  private async run(job: Job): Promise<void> {
    const screenshots = this.ctx.reports.screenshots;
    // a report capture goes first: wait while the reports use every slot they have
    while (!this.closed && screenshots.openContexts >= this.ctx.config.reports.concurrency) {
      await new Promise((r) => setTimeout(r, SLOT_POLL_MS));
    }
    if (this.closed) return;
    const lockMs = (this.ctx.config.reports.captureTimeoutSeconds + 30) * 1000;
    // another server may be capturing it already
    if (!(await this.store.claim(job.key, lockMs))) return;
    try {
      const png = await screenshots.capture(job.user, job.request);
      await this.store.set(job.key, png);
      this.captures++;
    } catch (e) {
      if (this.failedUntil.size >= MAX_FAILURES) this.failedUntil.delete(this.failedUntil.keys().next().value as string);
      this.failedUntil.set(job.key, Date.now() + FAILURE_BACKOFF_MS);
      this.ctx.log.warn({ thumbnail: job.key, err: e instanceof Error ? e.message : String(e) }, 'thumbnail capture failed');
    } finally {
      await this.store.release(job.key);
    }
  }

  /** Resolves when no capture is waiting or running (tests). */
  async idle(): Promise<void> {
    while (this.pump) await this.pump;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    // a capture under way ends with the reports' browser, which closes with the process
    await this.store.close();
  }
}
