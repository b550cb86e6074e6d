/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { REGION, IN_2005 } from '../exampleFormData.js';

const REGION_CARDS = `<div class="regions">
{{#each data}}
  <div class="region">
    <h4>{{Region}}</h4>
    <div class="figure">{{formatNumber sum_population}}</div>
    <div class="caption">people in 2005</div>
    <div class="fact"><span>Life expectancy</span><b>{{formatNumber avg_life_expect format=".1f"}} years</b></div>
    <div class="fact"><span>Births per woman</span><b>{{formatNumber avg_fertility format=".2f"}}</b></div>
  </div>
{{/each}}
</div>`;

const REGION_CARDS_CSS = `.regions { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 12px; padding: 8px; font-family: Inter, Arial, sans-serif; }
.region { border: 1px solid #e5e9ec; border-radius: 8px; padding: 12px 14px; background: #fafbfc; }
.region h4 { margin: 0 0 6px; font-size: 13px; color: #454E7C; }
.figure { font-size: 26px; font-weight: 700; color: #1FA8C9; line-height: 1.1; }
.caption { font-size: 11px; color: #8c98a4; margin-bottom: 8px; }
.fact { display: flex; justify-content: space-between; font-size: 12px; color: #595959; padding-top: 4px; border-top: 1px dashed #e5e9ec; }`;

export const handlebarsExample: VizExample = {
  key: 'gallery-handlebars',
  name: 'World regions in 2005',
  table: 'gapminder',
  description: 'A card per region written as a handlebars template, with its own CSS.',
  params: {
    query_mode: 'aggregate',
    groupby: [REGION],
    metrics: ['sum_population', 'avg_life_expect', 'avg_fertility'],
    adhoc_filters: [IN_2005],
    row_limit: 10,
    order_desc: true,
    handlebarsTemplate: REGION_CARDS,
    styleTemplate: REGION_CARDS_CSS,
  },
};
