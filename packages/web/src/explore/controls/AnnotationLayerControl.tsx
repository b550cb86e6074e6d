/** Annotation layers: a list of layers (formula, event, interval, time series), each edited in a popover. */
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EditedList } from './EditedList';
import { annotationLayerList, annotationTypeLabel, newAnnotationLayer } from './annotations';
import { AnnotationLayerEditor } from './AnnotationLayerEditor';
import type { ControlProps } from './types';

export function AnnotationLayerControl({ name, value, onChange, formData }: ControlProps) {
  const { t } = useTranslation('explorecontrols');
  const layers = annotationLayerList(value);
  return (
    <EditedList
      name={name}
      items={layers}
      onChange={onChange}
      addLabel={t('addAnnotationLayer')}
      chipOf={(layer, i) => ({
        key: `${layer.name}-${i}`,
        title: layer.name,
        label: (
          <>
            {layer.name} <span className="rama-chip-note">({annotationTypeLabel(layer.annotationType)})</span>
            {!layer.show && <EyeInvisibleOutlined title={t('hidden')} />}
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
