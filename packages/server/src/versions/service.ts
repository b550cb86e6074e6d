/**
 * Version history (issue 30 item 1). Every save of a chart, dashboard, dataset or saved query
 * calls `record` after its write: the object's state is read back as stored, compared with the
 * last version, and kept as a new version with a one-line summary unless nothing a user would see
 * changed. At most RAMA_VERSIONS_KEPT versions per object; a deleted object's history is kept for
 * RAMA_VERSIONS_DELETED_DAYS. A restore writes a version back through the object's own update
 * path and is itself a new version.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  SUMMARY_BASELINE,
  SUMMARY_CREATED,
  SUMMARY_HISTORY_STARTS,
  SUMMARY_IMPORTED,
  VERSION_PAGE_SIZE_DEFAULT,
  VERSION_PAGE_SIZE_MAX,
  changeParts,
  joinSummary,
  restoredDeletedSummary,
  restoredSummary,
  type DeletedList,
  type RestorableDeletedType,
  type VersionDetail,
  type VersionList,
  type VersionRestored,
  type VersionState,
  type VersionedType,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { nowIso } from '../metadata/db.js';
import { usersById } from '../metadata/repos/users.js';
import type { Principal } from '../security/principal.js';
import { HttpError, forbidden, invalidFields, notFound } from '../http/errors.js';
import { MAX_PAGE } from '../http/rison.js';
import type { VersionedKind } from './kinds.js';
import {
  adoptHistory,
  deleteHistory,
  hasVersions,
  insertVersion,
  lastDeletedVersion,
  latestVersionNumber,
  latestVersionState,
  listDeletedVersions,
  listVersions,
  previousVersionNumber,
  pruneVersions,
  purgeDeletedBefore,
  versionRow,
} from '../metadata/repos/versions.js';

/** What a restore tells the save it causes: the summary to keep, and whose history a re-created object takes over. */
interface RestoreNote {
  summary: string;
  adoptFrom?: number;
}

const DAY_MS = 86_400_000;
const RECORD_ATTEMPTS = 3;

const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** `page` and `page_size` of a decoded rison `q`, bounded (400 naming the field otherwise). */
export function pageQuery(q: Record<string, unknown>): PageQuery {
  const page = q.page ?? 0;
  const pageSize = q.page_size ?? VERSION_PAGE_SIZE_DEFAULT;
  const errors: Record<string, string[]> = {};
  if (!Number.isInteger(page) || (page as number) < 0 || (page as number) > MAX_PAGE) errors.page = [`Must be between 0 and ${MAX_PAGE}.`];
  if (!Number.isInteger(pageSize) || (pageSize as number) < 1 || (pageSize as number) > VERSION_PAGE_SIZE_MAX)
    errors.page_size = [`Must be between 1 and ${VERSION_PAGE_SIZE_MAX}.`];
  if (Object.keys(errors).length) throw invalidFields(errors);
  return { page: page as number, pageSize: pageSize as number };
}

const versionNotFound = () => notFound('Version not found');

declare module '../context.js' {
  interface AppContext {
    /** version history of charts, dashboards, datasets and saved queries (versions/) */
    versions: VersionHistory;
  }
}

export class VersionHistory {
  private readonly kinds = new Map<VersionedType, VersionedKind>();
  private readonly notes = new AsyncLocalStorage<RestoreNote>();

  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  register<T extends VersionedType>(kind: VersionedKind<T>): void {
    this.kinds.set(kind.type, kind as unknown as VersionedKind);
  }

  /** a process that serves no routes of that feature (a worker, the CLI) keeps no versions of it */
  private has(type: VersionedType): boolean {
    return this.kinds.has(type);
  }

  private kind(type: VersionedType): VersionedKind {
    const kind = this.kinds.get(type);
    if (!kind) throw notFound();
    return kind;
  }

  /**
   * Keep the object's state as stored now as its next version (call after a create or update has
   * written). A save that changed nothing a user would see keeps none, unless it is a restore. A
   * failure here is logged, never turned into a failed save: the object is already written.
   */
  async record(
    type: VersionedType,
    id: number,
    user: Principal | null,
    opts: { created?: boolean; summary?: string } = {},
  ): Promise<number | null> {
    if (!this.has(type)) return null;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.recordOnce(type, id, user, opts.created === true, opts.summary);
      } catch (e) {
        // two saves of one object at once: the unique version number decides, the loser counts again
        if (isUniqueViolation(e) && attempt < RECORD_ATTEMPTS) continue;
        this.ctx.log.error({ err: e, type, id }, 'keeping a version failed');
        return null;
      }
    }
  }

  /**
   * Before an update writes: an object made before history was kept (an upgrade, the examples, an
   * import) gets its current state as version 1, so the first edit can be undone too.
   */
  async baseline(type: VersionedType, id: number): Promise<void> {
    if (!this.has(type)) return;
    try {
      if (await hasVersions(this.db, type, id)) return;
      const kind = this.kind(type);
      const state = await kind.snapshot(this.ctx.store.db, id);
      if (!state) return;
      await insertVersion(this.db, {
        object_type: type,
        object_id: id,
        version: 1,
        created_on: nowIso(),
        created_by_fk: null,
        summary: SUMMARY_BASELINE,
        title: kind.title(state).slice(0, 500),
        state: JSON.stringify(state),
        deleted_on: null,
        deleted_by_fk: null,
      });
    } catch (e) {
      // another save made it first (unique version number), or the store failed: the save goes on
      if (!isUniqueViolation(e)) this.ctx.log.error({ err: e, type, id }, 'keeping a baseline version failed');
    }
  }

  /**
   * After an import wrote an object (issue 30 item 1): it keeps a version "imported", changed or
   * not, so a replace by import can be undone. The import calls `baseline` for the objects it
   * replaces before it writes, so one without a history keeps its state from before too.
   */
  async recordImported(type: VersionedType, id: number, user: Principal, created: boolean): Promise<number | null> {
    return this.record(type, id, user, { created, summary: SUMMARY_IMPORTED });
  }

  private async recordOnce(
    type: VersionedType,
    id: number,
    user: Principal | null,
    created: boolean,
    fixedSummary: string | undefined,
  ): Promise<number | null> {
    const kind = this.kind(type);
    const state = await kind.snapshot(this.ctx.store.db, id);
    if (!state) return null;
    const restoring = this.notes.getStore();
    const note = fixedSummary !== undefined ? { ...restoring, summary: fixedSummary } : restoring;
    const kept = this.ctx.config.versions.kept;
    return this.db.transaction().execute(async (trx) => {
      if (note?.adoptFrom !== undefined && created) await adoptHistory(trx, type, note.adoptFrom, id);
      // an id used again never inherits the history of the object that had it
      else if (created) await deleteHistory(trx, type, id);
      const latest = await latestVersionState(trx, type, id);
      let summary: string;
      if (note) summary = note.summary;
      else if (!latest) summary = created ? SUMMARY_CREATED : SUMMARY_HISTORY_STARTS;
      else {
        const parts = changeParts(type, JSON.parse(latest.state) as never, state as never);
        if (!parts.length) return null;
        summary = joinSummary(parts);
      }
      const version = (latest?.version ?? 0) + 1;
      await insertVersion(trx, {
        object_type: type,
        object_id: id,
        version,
        created_on: nowIso(),
        created_by_fk: user?.id ?? null,
        summary,
        title: kind.title(state).slice(0, 500),
        state: JSON.stringify(state),
        deleted_on: null,
        deleted_by_fk: null,
      });
      await pruneVersions(trx, type, id, version - kept);
      return version;
    });
  }

  async list(user: Principal, type: VersionedType, id: number, page: PageQuery): Promise<VersionList> {
    await this.kind(type).assertVisible(user, id);
    const { count, rows } = await listVersions(this.db, type, id, { limit: page.pageSize, offset: page.page * page.pageSize });
    const users = await usersById(
      this.ctx.store.db,
      rows.map((r) => r.created_by_fk),
    );
    return {
      count,
      ids: rows.map((r) => r.version),
      result: rows.map((r) => ({
        version: r.version,
        created_on: r.created_on,
        created_by: r.created_by_fk === null ? null : (users.get(r.created_by_fk) ?? null),
        summary: r.summary,
      })),
    };
  }

  private async row(type: VersionedType, id: number, version: number) {
    const row = await versionRow(this.db, type, id, version);
    if (!row) throw versionNotFound();
    return row;
  }

  async get(user: Principal, type: VersionedType, id: number, version: number): Promise<VersionDetail> {
    await this.kind(type).assertVisible(user, id);
    const row = await this.row(type, id, version);
    const previous = await previousVersionNumber(this.db, type, id, version);
    const users = await usersById(this.ctx.store.db, [row.created_by_fk]);
    return {
      object_type: type,
      object_id: id,
      version: row.version,
      created_on: row.created_on,
      created_by: row.created_by_fk === null ? null : (users.get(row.created_by_fk) ?? null),
      summary: row.summary,
      state: JSON.parse(row.state) as VersionState,
      previous_version: previous,
    };
  }

  /** Owners and admins write a version back; anyone else is told the object is not there. */
  async restore(user: Principal, type: VersionedType, id: number, version: number): Promise<VersionRestored> {
    const kind = this.kind(type);
    await kind.assertVisible(user, id);
    try {
      await kind.assertEditable(user, id);
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 403) throw notFound();
      throw e;
    }
    const row = await this.row(type, id, version);
    await this.notes.run({ summary: restoredSummary(version) }, () => kind.restore(user, id, JSON.parse(row.state) as VersionState));
    return { id, version: await this.latestVersion(type, id), restored_from: version };
  }

  private async latestVersion(type: VersionedType, id: number): Promise<number> {
    return latestVersionNumber(this.db, type, id);
  }

  /** Drop the histories of objects deleted longer ago than RAMA_VERSIONS_DELETED_DAYS. */
  async purgeExpired(now = Date.now()): Promise<void> {
    const cutoff = new Date(now - this.ctx.config.versions.deletedDays * DAY_MS).toISOString();
    await purgeDeletedBefore(this.db, cutoff);
  }

  /** "Recently deleted": the last version of each deleted object, newest deletion first (admins). */
  async listDeleted(user: Principal, type: RestorableDeletedType, page: PageQuery): Promise<DeletedList> {
    if (!user.isAdmin) throw forbidden('Only admins see recently deleted objects');
    await this.purgeExpired();
    const { count, rows } = await listDeletedVersions(this.db, type, { limit: page.pageSize, offset: page.page * page.pageSize });
    const users = await usersById(
      this.ctx.store.db,
      rows.map((r) => r.deleted_by_fk),
    );
    const days = this.ctx.config.versions.deletedDays;
    return {
      count,
      ids: rows.map((r) => r.object_id),
      result: rows.map((r) => ({
        id: r.object_id,
        title: r.title,
        deleted_on: r.deleted_on ?? '',
        deleted_by: r.deleted_by_fk === null ? null : (users.get(r.deleted_by_fk) ?? null),
        version: r.version,
        expires_on: new Date(Date.parse(r.deleted_on ?? '') + days * DAY_MS).toISOString(),
      })),
    };
  }

  /**
   * An admin brings a deleted chart or dashboard back from its last version: created anew through
   * the create path (so its dataset, charts and owners are checked as today), with a new id that
   * takes the old history over.
   */
  async restoreDeleted(user: Principal, type: RestorableDeletedType, id: number): Promise<VersionRestored> {
    if (!user.isAdmin) throw forbidden('Only admins restore deleted objects');
    await this.purgeExpired();
    const kind = this.kind(type);
    const row = await lastDeletedVersion(this.db, type, id);
    if (!row || !kind.recreate) throw notFound();
    const recreate = kind.recreate.bind(kind);
    const newId = await this.notes.run({ summary: restoredDeletedSummary(row.version), adoptFrom: id }, () =>
      recreate(user, JSON.parse(row.state) as VersionState),
    );
    return { id: newId, version: await this.latestVersion(type, newId), restored_from: row.version };
  }
}
