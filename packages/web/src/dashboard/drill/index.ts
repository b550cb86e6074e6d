/** Drilling on dashboard charts: the right-click menu and the two modals it opens. */
export { ChartContextMenu, type ChartContextMenuProps } from './ChartContextMenu';
export { DrillDetailModal, type DrillDetailModalProps } from './DrillDetailModal';
export { DrillByModal, type DrillByModalProps } from './DrillByModal';
