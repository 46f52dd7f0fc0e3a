import path from 'node:path';
import { takeClaim } from '../../io/exclusive-claim';
import { readCurrent, type CurrentText } from '../../io/read-current';
import { readStateText } from '../../io/read-text';
import { editJsonText } from '../common/json-edit';
import { loadJsonObject } from '../common/json-file';
import { lenientCrp } from './crp-file';
import { vcrFileAnswering } from './vcr-ids';

/** An answer whose VCR was written but whose CRP still says pending (the process was killed between the two). */
export interface CompletedAnswer {
  readonly vcrId: string;
  readonly vcrFile: string;
  /** The decision the VCR holds (what the earlier answer chose). */
  readonly decision: unknown;
}

/**
 * Completes an answer cut short: a VCR names the CRP but the CRP's status is still `pending`. The VCR is the
 * answer (Dure goes on with the first VCR that names a CRP), so its CRP is set to `resolved` — never a second VCR.
 * `replace` is the compare-at-the-rename write of the answer; the caller holds the CRP's claim.
 */
export async function resolveAnswered(crpFile: string, crp: Extract<CurrentText, { exists: true }>, vcr: { vcrId: string; file: string },
  replace: (file: string, text: string, hash: string) => Promise<boolean>): Promise<CompletedAnswer | 'changed'> {
  const text = (crp.bom ? '\ufeff' : '') + editJsonText(crp.text, [{ path: ['status'], value: 'resolved' }]);
  if (!(await replace(crpFile, text, crp.hash))) return 'changed';
  const read = await readStateText(vcr.file);
  let decision: unknown = null;
  try {
    if (read.ok) decision = (JSON.parse(read.text) as { decision?: unknown }).decision ?? null;
  } catch {
    // An unreadable VCR still answers the CRP for Dure; its decision is just not known here.
  }
  return { vcrId: vcr.vcrId, vcrFile: vcr.file, decision };
}

export type CompletionOutcome =
  | { readonly ok: true; readonly completed: CompletedAnswer }
  | { readonly ok: false; readonly message: string };

/**
 * `baton answer` of a CRP that the readers show as answered (a VCR names it) while its file still says pending:
 * takes the CRP's claim and completes the answer that was cut short.
 */
export async function completeCutShortAnswer(runDir: string, crpFile: string, crpId: string,
  replace: (file: string, text: string, hash: string) => Promise<boolean>): Promise<CompletionOutcome> {
  const claim = await takeClaim(crpFile);
  if (!claim) return { ok: false, message: `${crpId} is being answered by another process right now. Nothing was written.` };
  try {
    const crp = await readCurrent(crpFile);
    const vcr = await vcrFileAnswering(runDir, crpId);
    if (!crp.exists || !vcr || !stillPending(crpFile, crp.text, crpId)) {
      return { ok: false, message: `${crpId} changed meanwhile (${path.basename(crpFile)}); nothing was written — look at it again.` };
    }
    const done = await resolveAnswered(crpFile, crp, vcr, replace);
    return done === 'changed' ? { ok: false, message: `${path.basename(crpFile)} changed while it was being written; nothing was written.` } : { ok: true, completed: done };
  } finally {
    await claim.release();
  }
}

function stillPending(file: string, text: string, crpId: string): boolean {
  const loaded = loadJsonObject('orchestral', file, text, 'the CRP');
  if (!loaded.ok) return false;
  const content = lenientCrp(loaded.value, path.basename(file, '.json'));
  return typeof content !== 'string' && content.crpId === crpId && content.status === 'pending';
}
