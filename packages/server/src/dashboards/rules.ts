/**
 * A dashboard's last change as epoch seconds, as the BI server answers `last_modified_time`: the
 * client compares it with the server's copy before overwriting (spec section 4, overwrite check).
 */
export const lastModifiedTime = (changedOn: string): number => Date.parse(changedOn) / 1000;
