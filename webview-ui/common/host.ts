/*
 * The webview side of the protocol in src/shared/protocol.ts: a typed wrapper around acquireVsCodeApi().
 * Each front end under webview-ui/<name>/main.ts imports this; only persistent UI state goes in setState (data
 * is always re-sent by the host). Connecting also starts reporting CSP violations to the host (csp-reports.ts).
 */
import type { FromWebview } from '../../src/shared/protocol';
import { reportCspViolations } from './csp-reports';

interface VsCodeApi<S> {
  postMessage(message: unknown): void;
  getState(): S | undefined;
  setState(state: S): void;
}

declare function acquireVsCodeApi<S>(): VsCodeApi<S>;

export function connectToHost<S, M extends { type: string } = FromWebview>() {
  const api = acquireVsCodeApi<S>();
  reportCspViolations((report) => api.postMessage(report));
  return {
    post: (message: M | FromWebview) => api.postMessage(message),
    getState: () => api.getState(),
    setState: (state: S) => api.setState(state),
  };
}
