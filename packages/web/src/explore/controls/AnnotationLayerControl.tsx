/** Annotation layers: a list of layers (formula, event, interval, time series), each edited in a popover. */
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { EditedList } from './EditedList';
import { ANNOTATION_TYPE_LABELS, annotationLayerList, newAnnotationLayer } from './annotations';
import { AnnotationLayerEditor } from './AnnotationLayerEditor';
import type { ControlProps } from './types';

export function AnnotationLayerControl({ name, value, onChange, formData }: ControlProps) {
  const layers = annotationLayerList(value);
  return (
    <EditedList
      name={name}
      items={layers}
      onChange={onChange}
      addLabel="Add annotation layer"
      chipOf={(layer, i) => ({
        key: `${layer.name}-${i}`,
        title: layer.name,
        label: (
          <>
            {layer.name} <span className="rama-chip-note">({ANNOTATION_TYPE_LABELS[layer.annotationType]})</span>
            {!layer.show && <EyeInvisibleOutlined title="Hidden" />}
          </>
        ),
      })}
      editor={({ index, onSave, onClose }) => (
        <AnnotationLayerEditor
          layer={index === 'new' ? newAnnotationLayer('FORMULA') : layers[index]}
          others={index === 'new' ? layers : layers.filter((_, i) => i !== index)}
          vizType={formData.viz_type}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    />
  );
}
