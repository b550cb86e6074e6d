/** The `object_version` table and the reads and writes the history makes on it: kept in the versions repository. */
export { markVersionsDeleted, versionDb, type ObjectVersionTable, type VersionDb, type VersionTables } from '../metadata/repos/versions.js';
