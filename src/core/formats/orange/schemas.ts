import * as z from 'zod';

/*
 * zod schemas of orange's files (spec 004 and the upstream variants in specs/README.md). Objects are loose, so
 * unknown fields (`effort`, `review_effort`, anything newer) are kept; status is a plain string because enums grow.
 */

const text = z.string();
const count = z.number().int().min(0);
/**
 * A round or crash counter as orange uses it: any number works (it compares and adds); text would not (orange would
 * add `"1" + 1` = `"11"`), so only a number is accepted.
 */
const counter = z.number();
/** A value orange only shows or passes on as text: a number or a boolean reads as the text it stands for. */
const shownText = z.union([text, z.number().transform(String), z.boolean().transform(String)]);
/** A timestamp: orange writes ISO 8601 text; a hand-written one may load as anything (task-file.ts checks it). */
const timestamp = z.unknown().transform((v) => (typeof v === 'string' ? v : v == null ? null : String(v))).optional();

export const frontmatterSchema = z.looseObject({
  id: z.union([text, z.number().transform(String)]).nullish(),
  project: text.nullish(),
  branch: shownText.nullish(),
  harness: shownText.nullish(),
  review_harness: shownText.nullish(),
  effort: shownText.nullish(),
  review_effort: shownText.nullish(),
  status: z.union([text, z.number().transform(String)]).nullish(),
  review_round: counter.nullish(),
  crash_count: counter.nullish(),
  summary: shownText.nullish(),
  workspace: text.nullish(),
  tmux_session: text.nullish(),
  pr_url: text.nullish(),
  pr_state: shownText.nullish(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type FrontmatterFields = z.infer<typeof frontmatterSchema>;

export const projectSchema = z.looseObject({
  name: text.min(1),
  path: text.min(1),
  default_branch: text.nullish(),
  pool_size: count.nullish(),
});
export type ProjectFields = z.infer<typeof projectSchema>;

export const poolEntrySchema = z.looseObject({
  status: text.nullish(),
  task: text.nullish(),
});

export const poolSchema = z.looseObject({
  workspaces: z.record(z.string(), poolEntrySchema).nullish(),
});

export const historyEventSchema = z.looseObject({
  type: text,
  timestamp: text.nullish(),
});
