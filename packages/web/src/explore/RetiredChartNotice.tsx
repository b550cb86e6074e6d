/**
 * What Explore's control column shows for a chart whose type it cannot draw: for a retired legacy
 * type (issue 31), the closest current type and a one-click conversion; for any other key,
 * "Unknown visualization type".
 */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { VIZ_DEFINITIONS, retiredVizSuggestion, type QueryFormData } from '@rama/shared';
import { useAppDispatch } from '../core/hooks';
import { unknownVizTypeText } from '../visualizations/messages';
import { exploreActions } from './exploreSlice';
import { retiredConversion } from './retiredChart';
import { sharedText } from '../i18n';

export function RetiredChartNotice({ formData }: { formData: QueryFormData }) {
  const { t } = useTranslation('explore');
  const dispatch = useAppDispatch();
  const suggestion = retiredVizSuggestion(formData.viz_type);
  const conversion = retiredConversion(formData);
  if (!suggestion) return <Alert type="error" showIcon title={unknownVizTypeText(formData.viz_type)} />;
  const target = conversion && ('formData' in conversion ? conversion.formData.viz_type : conversion.vizType);
  const english = target ? VIZ_DEFINITIONS.get(target)?.meta.name : null;
  const name = target ? (english ? sharedText('visualizations', english) : target) : null;
  return (
    <Alert
      type="warning"
      showIcon
      title={suggestion.message}
      description={
        conversion &&
        name && (
          <Button
            type="primary"
            size="small"
            onClick={() =>
              dispatch(
                'formData' in conversion
                  ? exploreActions.retiredChartConverted(conversion.formData)
                  : exploreActions.vizTypeChanged(conversion.vizType),
              )
            }
          >
            {t('retired.convert', { name })}
          </Button>
        )
      }
    />
  );
}
