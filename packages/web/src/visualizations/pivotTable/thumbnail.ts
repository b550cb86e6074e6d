/** The gallery picture of the pivot table: merged column headers over row groups, with a totals row and column. */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90">
<rect width="120" height="90" rx="6" fill="#fff"/>
<rect x="40" y="8" width="72" height="10" fill="#1f7a8c"/>
<rect x="40" y="18" width="24" height="10" fill="#4a9aab"/><rect x="64" y="18" width="24" height="10" fill="#4a9aab"/><rect x="88" y="18" width="24" height="10" fill="#16596a"/>
<rect x="8" y="28" width="32" height="26" fill="#e6eef1"/><rect x="8" y="54" width="32" height="20" fill="#e6eef1"/>
<rect x="8" y="74" width="104" height="9" fill="#d3dde2"/><rect x="88" y="28" width="24" height="46" fill="#eef2f4"/>
<g fill="#fff"><rect x="66" y="11" width="20" height="4" rx="1"/><rect x="44" y="21" width="14" height="4" rx="1"/><rect x="68" y="21" width="14" height="4" rx="1"/><rect x="91" y="21" width="18" height="4" rx="1"/></g>
<g fill="#8aa1ab"><rect x="11" y="32" width="20" height="4" rx="1"/><rect x="11" y="58" width="16" height="4" rx="1"/><rect x="11" y="77" width="22" height="3" rx="1"/></g>
<g fill="#b9c4ca"><rect x="48" y="32" width="12" height="4" rx="1"/><rect x="72" y="32" width="12" height="4" rx="1"/><rect x="48" y="45" width="10" height="4" rx="1"/><rect x="72" y="45" width="12" height="4" rx="1"/><rect x="48" y="58" width="12" height="4" rx="1"/><rect x="72" y="58" width="9" height="4" rx="1"/><rect x="48" y="67" width="11" height="4" rx="1"/><rect x="72" y="67" width="12" height="4" rx="1"/></g>
<g fill="#6f8690"><rect x="96" y="32" width="12" height="4" rx="1"/><rect x="96" y="45" width="12" height="4" rx="1"/><rect x="96" y="58" width="12" height="4" rx="1"/><rect x="96" y="67" width="12" height="4" rx="1"/><rect x="48" y="77" width="12" height="3" rx="1"/><rect x="72" y="77" width="12" height="3" rx="1"/><rect x="96" y="77" width="12" height="3" rx="1"/></g>
<g stroke="#dde3e6" stroke-width="0.6"><line x1="40" y1="41" x2="112" y2="41"/><line x1="8" y1="54" x2="112" y2="54"/><line x1="40" y1="64" x2="112" y2="64"/><line x1="40" y1="28" x2="40" y2="83"/><line x1="64" y1="18" x2="64" y2="83"/><line x1="88" y1="18" x2="88" y2="83"/></g>
</svg>`;

export const pivotTableThumbnail = `data:image/svg+xml,${encodeURIComponent(svg)}`;
