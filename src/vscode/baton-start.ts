/**
 * When Baton's code started running in the extension host (this module is the extension's first import, so it runs
 * first): the start of "Baton's share" of opening a window, which the Baton log reports up to the first Tasks rows.
 */
export const batonStartedAt = performance.now();
