/**
 * The texts a chart draws follow the user's language (issue 30 item 4): read when the chart is
 * built, not when its module loads, so a chart drawn after a switch to French reads in French.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { chartMessages } from './messages';
import { rowCountText } from './table/tableModel';
import { slotLabel } from './echarts/calHeatmap/calendarSlots';
import { bigNumberTotalThumbnail } from './bigNumber/thumbnail';
import { wordCloudThumbnail } from './echarts/wordCloud/thumbnail';
import { localizedThumbnail } from './thumbnails/themed';

const pictureText = (uri: string) => decodeURIComponent(uri.slice(uri.indexOf(',') + 1));

afterEach(async () => {
  await changeLanguage('en');
});

describe('chart texts in the chosen language', () => {
  it('English by default, exactly as before', () => {
    expect(chartMessages.noResults()).toBe('No results were returned for this query');
    expect(chartMessages.renderError('x is undefined')).toBe('An error occurred while rendering the visualization: x is undefined');
    expect(rowCountText(10000)).toBe('10,000 rows');
    expect(slotLabel('year', 'month', 8)).toBe('Sep');
    expect(slotLabel('week', 'day', 0)).toBe('Mon');
    expect(slotLabel('month', 'week', 2)).toBe('W3');
    expect(localizedThumbnail(bigNumberTotalThumbnail)).toBe(bigNumberTotalThumbnail);
  });

  it('French and German once the language is switched', async () => {
    await changeLanguage('fr');
    expect(chartMessages.noResults()).toBe('Aucun résultat n’a été renvoyé pour cette requête');
    expect(rowCountText(1)).toBe('1 ligne');
    expect(slotLabel('year', 'month', 0)).toBe('janv.');
    expect(pictureText(localizedThumbnail(bigNumberTotalThumbnail))).toContain('>vols au total</text>');
    expect(pictureText(localizedThumbnail(wordCloudThumbnail))).toContain('>nuage</text>');
    await changeLanguage('de');
    expect(chartMessages.unknownType('nope')).toBe('Unbekannter Visualisierungstyp: nope');
    expect(rowCountText(2)).toBe('2 Zeilen');
    expect(slotLabel('week', 'day', 0)).toBe('Mo');
  });
});
