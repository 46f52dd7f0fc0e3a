import { decisionVersion } from '../../core/decisions/answer-decision';
import type { OrangeDecision } from '../../core/formats/orange/model';
import { isIrreversibleMove, moveLabel, moveNeedsReason } from '../../core/formats/orange/move-labels';
import { NO_DAEMON_NOTE } from '../../core/formats/orange/vocabulary';
import type { DecisionView } from '../../shared/decisions-protocol';
import { pageMarkdown, pageMarkdownInline } from '../../shared/markdown-protocol';

const KIND_TITLE: Record<OrangeDecision['kind'], string> = { clarification: 'Clarification', stuck: 'Stuck', reviewing: 'Ready for your review' };

/** An orange task waiting on a person, as the inbox form shows it. */
export function orangeDecisionView(d: OrangeDecision, key: string, source: string): Omit<DecisionView, 'folder'> {
  return {
    key, version: decisionVersion(d), system: d.system, title: d.summary || d.branch || d.id, taskTitle: d.summary || d.branch || d.id,
    subtitle: `orange · ${KIND_TITLE[d.kind]} · ${d.project}${d.branch ? ` · ${d.branch}` : ''}`, source,
    form: {
      form: 'orange', kind: d.kind, project: d.project, branch: d.branch,
      questions: d.questions.map((q) => ({ text: q.text, checked: q.checked, md: { text: pageMarkdownInline(q.text) } })), questionsText: d.questionsText,
      md: { questionsText: d.questionsText ? pageMarkdown(d.questionsText) : null },
      verdict: d.verdict, reviewRound: d.reviewRound, prUrl: d.prUrl,
      moves: d.moves.map((m) => ({ status: m, label: moveLabel(d.status, m), irreversible: isIrreversibleMove(m) })),
      reasonRequired: moveNeedsReason(d.kind),
      note: NO_DAEMON_NOTE,
    },
  };
}

export function orangeDecisionLabel(d: OrangeDecision): { label: string; description: string; detail: string } {
  return { label: d.summary || d.id, description: `orange · ${d.kind} · ${d.project}`, detail: d.question };
}
