/** Key-value entries (permalinks, form data, filter states): kept in the key-value repository. */
export {
  createEntry,
  deleteEntry,
  getEntry,
  newEntryKey,
  updateEntry,
  type KeyValueEntry,
  type KeyValueResource,
} from '../metadata/repos/keyvalue.js';
