import type { ReactNode } from 'react';

export interface SelectableItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Small text on the right (a type, a count). */
  meta?: ReactNode;
}

interface SelectableListProps {
  items: SelectableItem[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** Accessible name of the list. */
  label: string;
}

/** A keyboard-friendly list of buttons with one selected entry (schemas, tables). */
export function SelectableList({ items, selectedKey, onSelect, label }: SelectableListProps) {
  return (
    <ul className="rama-selectable-list" aria-label={label}>
      {items.map((item) => {
        const selected = item.key === selectedKey;
        const handleClick = () => onSelect(item.key);
        return (
          <li key={item.key}>
            <button
              type="button"
              className={selected ? 'rama-selectable-item is-selected' : 'rama-selectable-item'}
              aria-current={selected ? 'true' : undefined}
              onClick={handleClick}
              title={item.label}
            >
              {item.icon && (
                <span className="rama-selectable-icon" aria-hidden="true">
                  {item.icon}
                </span>
              )}
              <span className="rama-selectable-label">{item.label}</span>
              {item.meta && <span className="rama-selectable-meta">{item.meta}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
