import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { decisionState, listDecisions } from '../core/queries/decision-queries';
import { foldersFor } from '../core/queries/folders';
import { folderInput, idInput, limitInput, offsetInput, systemInput } from './inputs';
import { READ_ONLY } from './read-tools';
import { answer, type ToolContext } from './tool-result';

/** baton_decisions, baton_decision: what waits for a person. Agents read them; answering stays with people. */
export function registerDecisionTools(server: McpServer, { service, ready }: ToolContext): void {
  server.registerTool('baton_decisions', {
    title: 'Decisions waiting for a human',
    description: 'What waits for a human: Orchestral/Dure CRPs (question, options, recommendation), Dure mission plans the Critic did not approve, '
      + 'orc human gates (approve/reject), orange '
      + 'tasks in clarification, review or stuck. You cannot answer them: tell the user, then poll baton_decision. Paged.',
    inputSchema: { folder: folderInput, system: systemInput.optional(), offset: offsetInput, limit: limitInput },
    annotations: READ_ONLY,
  }, (args) => answer(ready, () => ({ ...listDecisions(service, { ...args, folders: foldersFor(service.folders, args.folder) }) })));

  server.registerTool('baton_decision', {
    title: 'One decision and its answer',
    description: 'One decision, pending or not: state "pending" while it waits; once a human answered, state "answered" with the answer '
      + '(for a CRP the VCR: chosen option, per-question decisions, rationale, notes; for an orc gate the gate record; for a mission plan '
      + 'the mission\'s status). Poll this while '
      + 'waiting on a human (every few seconds at most); never try to answer it yourself.',
    inputSchema: {
      id: idInput.describe('The decision id from baton_decisions: a CRP id (crp-001), a Dure mission id (mission-…), an orange task id, or TASK-001:phase for an orc gate; or its ref.'),
      system: systemInput.optional(),
      run: idInput.optional().describe('Orchestral/Dure only: the run folder (run-…) when two runs hold a CRP of this id.'),
      folder: folderInput,
    },
    annotations: READ_ONLY,
  }, ({ id, system, run, folder }) => answer(ready, () => decisionState(service, { id, system, run, folders: foldersFor(service.folders, folder) })));
}
