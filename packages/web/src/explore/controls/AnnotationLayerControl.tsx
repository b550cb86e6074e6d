/** Annotation layers: a list of layers (formula, event, interval), each edited in a popover. */
import { CLOSED_POPOVER } from './closedPopover';
import { useState } from 'react';
import { Popover } from 'antd';
import { CloseOutlined, EyeInvisibleOutlined, PlusOutlined } from '@ant-design/icons';
import { ANNOTATION_TYPE_LABELS, annotationLayerList, newAnnotationLayer, type AnnotationLayer } from './annotations';
import { AnnotationLayerEditor } from './AnnotationLayerEditor';
import type { ControlProps } from './types';

export function AnnotationLayerControl({ name, value, onChange }: ControlProps) {
  const layers = annotationLayerList(value);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const save = (layer: AnnotationLayer) => {
    onChange(editing === 'new' ? [...layers, layer] : layers.map((l, i) => (i === editing ? layer : l)));
    setEditing(null);
  };
  const editor = (index: number | 'new') =>
    editing === index ? (
      <AnnotationLayerEditor
        layer={index === 'new' ? newAnnotationLayer('FORMULA') : layers[index]}
        others={index === 'new' ? layers : layers.filter((_, i) => i !== index)}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    ) : (
      CLOSED_POPOVER
    );
  return (
    <div className="rama-chip-list" id={`control-${name}`}>
      {layers.map((layer, i) => (
        <Popover
          key={`${layer.name}-${i}`}
          trigger="click"
          placement="right"
          open={editing === i}
          onOpenChange={(o) => setEditing(o ? i : null)}
          content={editor(i)}
          destroyOnHidden
        >
          <div className="rama-chip">
            <button
              type="button"
              className="rama-chip-remove"
              aria-label={`Remove ${layer.name}`}
              onClick={(e) => {
                e.stopPropagation();
                onChange(layers.filter((_, j) => j !== i));
              }}
            >
              <CloseOutlined />
            </button>
            <button type="button" className="rama-chip-label" aria-label={`Edit ${layer.name}`}>
              <span className="rama-chip-text">
                {layer.name} <span className="rama-chip-note">({ANNOTATION_TYPE_LABELS[layer.annotationType]})</span>
              </span>
              {!layer.show && <EyeInvisibleOutlined title="Hidden" />}
            </button>
          </div>
        </Popover>
      ))}
      <Popover
        trigger="click"
        placement="right"
        open={editing === 'new'}
        onOpenChange={(o) => setEditing(o ? 'new' : null)}
        content={editor('new')}
        destroyOnHidden
      >
        <button type="button" className="rama-chip-add">
          <PlusOutlined /> Add annotation layer
        </button>
      </Popover>
    </div>
  );
}
