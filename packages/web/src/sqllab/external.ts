// The editor and the result grid are built beside SQL Lab; this is the one place they are imported from.
export {
  SqlEditor,
  ShortcutsHelp,
  EDITOR_SHORTCUTS,
  actionKeys,
  type EditorAction,
  type SqlEditorProps,
  type SqlEditorSchema,
} from './editor/SqlEditor';
export { ResultGrid, type ResultGridProps } from '../components/ResultGrid/ResultGrid';
export { parseResultJson, type CellValue } from '../components/ResultGrid/gridModel';
