import { parseLenient } from '../common/lenient';
import { readCrp } from './crp';
import type { CrpContent } from './model';
import { crpSchema } from './schemas';

/** A CRP object (already parsed JSON) read the way the index reads it, problems aside. */
export function lenientCrp(raw: Record<string, unknown>, fallbackId: string): CrpContent {
  const { data } = parseLenient(crpSchema, raw);
  return readCrp(data ?? {}, fallbackId).content;
}
