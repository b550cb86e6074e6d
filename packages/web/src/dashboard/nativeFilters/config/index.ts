export { FiltersConfigModal } from './FiltersConfigModal';
