import { connectToHost } from '../common/host';
import type { FromTaskDetail } from '../../src/shared/task-detail-protocol';

/** UI state kept across reloads of the page (the data itself is always re-sent by the host). */
export interface UiState { readonly openPhases?: readonly string[] }

export const host = connectToHost<UiState, FromTaskDetail>();
export const send = (message: FromTaskDetail): void => host.post(message);
