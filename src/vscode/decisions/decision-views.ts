import * as vscode from 'vscode';
import { decisionVersion } from '../../core/decisions/answer-decision';
import { decisionKey } from '../../core/model/items';
import type { Decision } from '../../core/service/work-item';
import type { DecisionView } from '../../shared/decisions-protocol';
import { pageMarkdown, pageMarkdownInline } from '../../shared/markdown-protocol';
import { folderName } from '../folder-item';
import { gateDecisionLabel, gateDecisionView } from '../executor/gate-decision-view';
import { orangeDecisionLabel, orangeDecisionView } from '../orange/orange-decision-view';
import { planDecisionLabel, planDecisionView } from '../runs/plan-decision-view';

/** What a form needs to show a decision (plain data: it crosses into the webview). */
export function decisionView(d: Decision): DecisionView {
  const several = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  return { ...formView(d, vscode.workspace.asRelativePath(d.file, several)), folder: several ? { name: folderName(d.root), path: d.root } : null };
}

function formView(d: Decision, source: string): Omit<DecisionView, 'folder'> {
  const key = decisionKey(d);
  switch (d.system) {
    case 'orchestral':
      if (d.kind === 'plan') return planDecisionView(d, key, source);
      return {
        key, version: decisionVersion(d), system: d.system, title: d.id, taskTitle: d.runTitle || d.run,
        subtitle: `${d.runTitle === d.run ? d.run : `${d.runTitle} — ${d.run}`}${d.base === '.dure' ? ' (Dure)' : ''}`,
        source,
        form: {
          form: 'crp', type: d.type, createdBy: d.createdBy, createdAt: d.createdAt, context: d.context,
          questions: d.questions.map((q) => ({ id: q.id, question: q.question, context: q.context, recommendation: q.recommendation,
            md: { question: pageMarkdownInline(q.question), context: q.context ? pageMarkdown(q.context) : null },
            options: q.options.map((o) => ({ id: o.id, label: o.label, description: o.description, risk: o.risk, pros: o.pros, cons: o.cons,
              md: { description: o.description ? pageMarkdown(o.description) : null, risk: o.risk ? pageMarkdownInline(o.risk) : null,
                pros: o.pros.map((p) => pageMarkdownInline(p)), cons: o.cons.map((c) => pageMarkdownInline(c)) } })) })),
          // The page renders Markdown parsed here, so the parser stays out of its bundle.
          md: { context: d.context ? pageMarkdown(d.context) : null },
        },
      };
    case 'orange': return orangeDecisionView(d, key, source);
    case 'orc': return gateDecisionView(d, key, source);
  }
}

/** One line for pickers and trees. */
export function decisionLabel(d: Decision): { label: string; description: string; detail: string } {
  switch (d.system) {
    case 'orchestral':
      if (d.kind === 'plan') return planDecisionLabel(d);
      return { label: d.id, description: `${d.runTitle} — ${d.run}`, detail: d.question };
    case 'orange': return orangeDecisionLabel(d);
    case 'orc': return gateDecisionLabel(d);
  }
}
