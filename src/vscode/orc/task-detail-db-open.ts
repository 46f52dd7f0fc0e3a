import crypto from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { checkAttachmentName } from '../../core/formats/orc/detail/attachments';
import type { TaskDetailFiles } from '../../core/formats/orc-eras/task-detail';
import type { OrcTask } from '../../core/formats/orc/model';
import { SPEC_MAX_CHARS } from '../../core/formats/orc-db/detail/db-task-detail';
import { dbAttachmentBytes, dbSpec, dbTranscriptMessages } from '../../core/formats/orc-db/detail/detail-queries';
import { transcriptMarkdown, TRANSCRIPT_MESSAGES, MESSAGE_CHARS } from '../../core/formats/orc-db/detail/transcript-markdown';
import { orcDbFollower } from '../../core/formats/orc-db/read-db';
import type { FromTaskDetail } from '../../shared/task-detail-protocol';

/** Attachments are copied out of the database to be opened up to this size. */
const ATTACHMENT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The panel's "open" messages for a database-era task, whose transcripts, spec and attachments are rows, not files:
 * a transcript or the spec opens as an untitled Markdown document built from the rows (text only, bounded); an
 * attachment is copied to a temporary file and opened with VS Code's viewer for its type. Returns false for a message
 * that is not one of these (edits and runs go to the panel's action handler).
 */
export async function openFromDatabase(msg: Exclude<FromTaskDetail, { type: 'ready' }>, task: OrcTask,
  files: TaskDetailFiles | undefined): Promise<boolean> {
  if (task.era !== 'db') return false;
  switch (msg.type) {
    case 'openTranscript': {
      const session = files?.db?.transcriptSessions[msg.name];
      if (!session) return info('that transcript is not there (any more)');
      const messages = await orcDbFollower(task.file).query((src) =>
        dbTranscriptMessages(src, task.id, session.phase, session.sessionId, TRANSCRIPT_MESSAGES, MESSAGE_CHARS));
      await showMarkdown(transcriptMarkdown(task.id, task.file, msg.name, messages ?? []));
      return true;
    }
    case 'openTaskFile': {
      if (msg.which === 'spec') {
        const spec = await orcDbFollower(task.file).query((src) => dbSpec(src, task.id, SPEC_MAX_CHARS));
        if (!spec) return info(`${task.id} has no spec in orc's database`);
        const cut = spec.length > spec.text.length ? `\n\n---\n*Shown: the first ${spec.text.length.toLocaleString('en-US')} of ${spec.length.toLocaleString('en-US')} characters.*\n` : '';
        await showMarkdown(`${spec.text}${cut}`);
        return true;
      }
      return info(`${task.id} lives in orc's database (${task.file}), not in files: change it with orc`);
    }
    case 'openAttachment': {
      const bad = checkAttachmentName(msg.filename);
      if (bad) return info(bad);
      const bytes = await orcDbFollower(task.file).query((src) => dbAttachmentBytes(src, task.id, msg.filename, ATTACHMENT_MAX_BYTES));
      if (!bytes) return info(`${msg.filename} is not in orc's database, or larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);
      const dir = path.join(os.tmpdir(), 'baton-orc-attachments', crypto.createHash('sha256').update(task.file).digest('hex').slice(0, 12), task.id);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, msg.filename);
      await fs.writeFile(file, bytes);
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
      return true;
    }
    case 'openScreenshot':
      return info('test screenshots are files of the file era; orc\'s database keeps none');
    default:
      return false;
  }
}

async function info(message: string): Promise<true> {
  void vscode.window.showInformationMessage(`Baton: ${message}`);
  return true;
}

async function showMarkdown(content: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  await vscode.window.showTextDocument(doc, { preview: true });
}
