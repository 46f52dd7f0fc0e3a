/**
 * How long each field of a CSP report may be (src/shared/csp-report-protocol.ts). Kept apart from the zod schema so
 * the webview pages can cut their reports to size without bundling zod (whose eval probe the CSP would block).
 */
export const CSP_FIELD_MAX = { directive: 100, blockedUri: 500, sample: 200, source: 500 } as const;
