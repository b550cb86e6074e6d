/**
 * What an import did, collected while it writes: every asset created or updated and every
 * database created under a name of its own. One report is shared by the nested imports of a
 * bundle (a dashboard's charts, their datasets and databases), so the reply lists each asset once.
 */
import type { ConvertedAsset, ImportAssetType, ImportedAsset, ImportResult, RenamedAsset } from '@rama/shared';

export class ImportReport {
  private readonly created = new Map<string, ImportedAsset>();
  private readonly updated = new Map<string, ImportedAsset>();
  private readonly renamed: RenamedAsset[] = [];
  private readonly converted: ConvertedAsset[] = [];

  private static key(type: ImportAssetType, uuid: string): string {
    return `${type}:${uuid.toLowerCase()}`;
  }

  create(type: ImportAssetType, row: { uuid: string; id: number }, name: string): void {
    this.created.set(ImportReport.key(type, row.uuid), { type, uuid: row.uuid, id: row.id, name });
  }

  /** An asset replaced from the bundle (one created by this import stays "created"). */
  update(type: ImportAssetType, row: { uuid: string; id: number }, name: string): void {
    const key = ImportReport.key(type, row.uuid);
    if (!this.created.has(key)) this.updated.set(key, { type, uuid: row.uuid, id: row.id, name });
  }

  rename(row: { uuid: string; id: number }, from: string, to: string): void {
    this.renamed.push({ type: 'database', uuid: row.uuid, id: row.id, from, to });
  }

  /** A legacy chart of the bundle converted on the way in (issue 31 item 2). */
  convert(entry: ConvertedAsset): void {
    this.converted.push(entry);
  }

  result(): ImportResult {
    return {
      created: [...this.created.values()],
      updated: [...this.updated.values()],
      renamed: [...this.renamed],
      converted: [...this.converted],
    };
  }
}

/** What an import run takes besides the bundle: the form's options and the shared report. */
export interface ImportOptions {
  overwrite: boolean;
  /** `{"databases/<name>.yaml": "password"}` */
  passwords: Record<string, string>;
  /** what the import did, shared with the imports it starts */
  report: ImportReport;
}
