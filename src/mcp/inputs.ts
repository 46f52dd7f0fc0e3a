import * as z from 'zod';
import { DEFAULT_PAGE, MAX_PAGE } from '../core/queries/bounded';

/** Input fields several tools share, each described for the model that fills it in. */

export const folderInput = z.string().min(1).max(4096).optional()
  .describe('Workspace folder to ask about: its absolute path or its name. Needed only when the server serves several folders and the question is ambiguous.');

export const systemInput = z.enum(['orc', 'orchestral', 'intents', 'ultrawork', 'orange'])
  .describe('Orchestrator: orc, orchestral (also Dure\'s .dure/), intents, ultrawork or orange.');

export const pathInput = z.string().min(1).max(4096)
  .describe('A file path relative to the workspace folder (e.g. src/auth/login.ts), or absolute inside it. Paths outside the folder are refused.');

export const idInput = z.string().min(1).max(512);

export const offsetInput = z.number().int().min(0).max(10_000_000).optional()
  .describe('Where the page starts (0 first). Use nextOffset from the previous page.');

export const limitInput = z.number().int().min(1).max(MAX_PAGE).optional()
  .describe(`Rows per page (default ${DEFAULT_PAGE}, at most ${MAX_PAGE}; a page also stops early to stay under ~100 KB).`);
