/**
 * What a closed popover holds: antd neither opens nor reports a click on a popover whose content
 * is empty, so a popover that builds its editor only while open needs this stand-in when closed.
 */
export const CLOSED_POPOVER = <span />;
