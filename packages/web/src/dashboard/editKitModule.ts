/** Helper D's edit-mode components, gathered for `editKit.tsx` (loaded on demand). */
import { BuilderPane } from './edit/BuilderPane';
import { ComponentMenu } from './edit/ComponentMenu';
import { DashboardDndProvider } from './edit/DashboardDndProvider';
import { DragDroppable } from './edit/DragDroppable';
import { EditHeaderActions } from './edit/EditHeaderActions';
import { ResizableItem } from './edit/ResizableItem';

export const editKit = { BuilderPane, ComponentMenu, DashboardDndProvider, DragDroppable, EditHeaderActions, ResizableItem };

export type EditKit = typeof editKit;
