/** The gallery picture of the table: a header row, striped rows, a numeric column with cell bars. */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90">
<rect width="120" height="90" rx="6" fill="#fff"/>
<rect x="8" y="8" width="104" height="14" rx="2" fill="#1f7a8c"/>
<rect x="13" y="13" width="26" height="4" rx="1" fill="#fff"/>
<rect x="50" y="13" width="20" height="4" rx="1" fill="#fff"/>
<rect x="84" y="13" width="22" height="4" rx="1" fill="#fff"/>
<g fill="#f1f4f6"><rect x="8" y="34" width="104" height="12"/><rect x="8" y="58" width="104" height="12"/></g>
<g fill="#b9c4ca"><rect x="13" y="26" width="28" height="4" rx="1"/><rect x="13" y="38" width="22" height="4" rx="1"/><rect x="13" y="50" width="30" height="4" rx="1"/><rect x="13" y="62" width="18" height="4" rx="1"/><rect x="13" y="74" width="26" height="4" rx="1"/>
<rect x="50" y="26" width="18" height="4" rx="1"/><rect x="50" y="38" width="22" height="4" rx="1"/><rect x="50" y="50" width="14" height="4" rx="1"/><rect x="50" y="62" width="20" height="4" rx="1"/><rect x="50" y="74" width="16" height="4" rx="1"/></g>
<g fill="#8fd0a8"><rect x="80" y="24" width="28" height="8" rx="1"/><rect x="80" y="36" width="18" height="8" rx="1"/><rect x="80" y="48" width="24" height="8" rx="1"/><rect x="80" y="60" width="10" height="8" rx="1"/><rect x="80" y="72" width="20" height="8" rx="1"/></g>
<g stroke="#dde3e6" stroke-width="0.6"><line x1="8" y1="34" x2="112" y2="34"/><line x1="8" y1="46" x2="112" y2="46"/><line x1="8" y1="58" x2="112" y2="58"/><line x1="8" y1="70" x2="112" y2="70"/><line x1="8" y1="82" x2="112" y2="82"/></g>
</svg>`;

export const tableThumbnail = `data:image/svg+xml,${encodeURIComponent(svg)}`;
