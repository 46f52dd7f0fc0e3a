/**
 * Built-in prompt templates per phase type. `{{NAME}}` placeholders are filled once, in a single pass (a value
 * that itself contains `{{…}}` is never expanded again). A project overrides a template with
 * `<prompts.directory>/<type>.md` (orc.yaml) or the phase's `prompt_template`.
 */
const COMMON_HEAD = `You are working on task {{TASK_ID}}: {{TASK_TITLE}}
Phase: {{PHASE}} ({{PHASE_TYPE}}), iteration {{ITERATION}}.
Task folder (orc's files for this task): {{TASK_DIR}}

## Task description
{{TASK_DESCRIPTION}}

## Specification (spec.md)
{{SPEC}}

## Decisions already made for this initiative
{{DECISIONS}}

## Earlier iterations
{{PREVIOUS}}
`;

const COMMON_TAIL = `
## Completion criteria
{{CRITERIA}}

When this phase is complete, end your reply with <phase_complete>true</phase_complete>.
If you cannot go on without a person (missing information, a decision only they can make), end your reply with
<phase_blocked>the reason</phase_blocked> instead.`;

const BODIES: Record<string, string> = {
  spec: `Write the specification for this task to {{TASK_DIR}}/spec.md: problem statement, success criteria as a
checklist, scope (in and out), technical approach. Read the code you need; change no source file.`,
  research: `Research what this task needs: the code involved, existing patterns, libraries, risks. Write your findings
to {{TASK_DIR}}/artifacts/research.md. Change no source file.`,
  design: `Design the change: components, data flow, interfaces, test strategy. Write it to
{{TASK_DIR}}/artifacts/design.md. Change no source file.`,
  implement: `Implement the task as the specification says, with tests. Keep changes focused; follow the project's style.
Run the tests before you say the phase is complete.`,
  review: `Review the changes made for this task (git diff against the branch it started from). Write the review to
{{TASK_DIR}}/review.md with "## Verdict: APPROVED" or "## Verdict: CHANGES_REQUESTED" and findings (Major, Minor).
Fix what you find only if it is small and clearly right.`,
  test: `Make sure the change is tested: add missing tests, run the whole suite, fix failures the task caused.
Write structured results to {{TASK_DIR}}/test-results/report.json when the project's tooling can.`,
  docs: `Update the documentation for this change: README, docs/, comments where behaviour changed.`,
  finalize: `Finalize the task branch for merging: the target branch's changes have been merged in; resolve the
conflicts listed below. Never remove features: keep both the task's and the target's changes; prefer additive
resolutions; run the tests after each resolved file.

{{CONFLICTS}}`,
};

const GENERIC_BODY = `Carry out the "{{PHASE}}" phase of this task.`;

export function builtInTemplate(phaseType: string): string {
  return `${COMMON_HEAD}\n## Your job in this phase\n${BODIES[phaseType] ?? GENERIC_BODY}\n${COMMON_TAIL}\n`;
}

/** The prompt for a later iteration of the same session (`--resume`): what happened, what is still missing. */
export const CONTINUE_TEMPLATE = `Continue the {{PHASE}} phase of task {{TASK_ID}} (iteration {{ITERATION}}).

## Where things stand
{{PREVIOUS}}

## Completion criteria
{{CRITERIA}}

When the phase is complete, end your reply with <phase_complete>true</phase_complete>; if you are blocked, end it
with <phase_blocked>the reason</phase_blocked>.
`;

/** The short review run of an \`ai\` gate. */
export const GATE_TEMPLATE = `You are the gate reviewer for phase "{{PHASE}}" of task {{TASK_ID}}: {{TASK_TITLE}}.
Decide whether the phase's work is good enough to go on to the next phase. Do not change any file.

## What the phase reported
{{PREVIOUS}}

## Gate criteria
{{CRITERIA}}

Reply with exactly one line <gate_decision>approved</gate_decision> or <gate_decision>rejected</gate_decision>,
followed by <gate_rationale>one or two sentences</gate_rationale>.
`;

/** Fills `{{NAME}}` placeholders in one pass; unknown placeholders are left as written. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
