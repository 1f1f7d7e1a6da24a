/**
 * The W3C Nu Html Checker (vnu.jar from the vnu-jar package) on a set of documents in one
 * JVM run: the JVM takes seconds to start, so all documents go in one call, as files in a
 * temporary folder, and the JSON report is split back per document.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface VnuMessage {
  /** 'error' or 'info' (subType 'warning' for warnings); 'non-document-error' for I/O trouble. */
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

export interface VnuDocument {
  name: string;
  html: string;
}

/** The jar path; the package's main export is a String object holding it. */
function jarPath(): string {
  const require = createRequire(import.meta.url);
  return String(require('vnu-jar') as string);
}

/** Fails with an actionable message when there is no Java (vnu-jar needs Java 11 or later). */
function javaCommand(): string {
  const java = process.env.JAVA ?? 'java';
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `The Nu Html Checker needs Java, and "${java} -version" failed (${probe.error?.message ?? probe.stderr}). ` +
        'Install it with: apt-get update && apt-get install -y default-jre-headless (or set JAVA to a java binary).',
    );
  }
  return java;
}

/**
 * Validates every document and returns its messages by document name. Throws when the
 * checker itself fails (no Java, unreadable report, a document it could not read), so
 * that a broken tool never looks like valid HTML.
 */
export async function validateHtml(documents: VnuDocument[]): Promise<Map<string, VnuMessage[]>> {
  const java = javaCommand();
  const dir = mkdtempSync(join(tmpdir(), 'st1-vnu-'));
  try {
    const files = documents.map((document, index) => {
      const file = join(dir, `${index}.html`);
      writeFileSync(file, document.html);
      return { document, url: pathToFileURL(file).href };
    });
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        java,
        [
          '-jar',
          jarPath(),
          '--format',
          'json',
          '--stdout',
          '--exit-zero-always',
          ...files.map((file) => new URL(file.url).pathname),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`vnu.jar exited with ${code}: ${err || out}`)),
      );
    });
    let report: { messages: VnuMessage[] };
    try {
      report = JSON.parse(stdout) as { messages: VnuMessage[] };
    } catch {
      throw new Error(`vnu.jar printed no JSON report:\n${stdout.slice(0, 2000)}`);
    }
    const trouble = report.messages.filter((message) => message.type === 'non-document-error');
    if (trouble.length) throw new Error(`vnu.jar could not check: ${trouble.map((m) => m.message).join('; ')}`);

    const byName = new Map<string, VnuMessage[]>(documents.map((document) => [document.name, []]));
    for (const message of report.messages) {
      // The checker writes file URLs as "file:/tmp/…"; compare paths, not spellings.
      const path = message.url ? new URL(message.url).pathname : '';
      const file = files.find((candidate) => new URL(candidate.url).pathname === path);
      if (!file) throw new Error(`vnu.jar reported on an unknown document: ${message.url ?? '(none)'}`);
      byName.get(file.document.name)!.push(message);
    }
    return byName;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Errors only (warnings are allowed), one readable line each. */
export function formatErrors(messages: VnuMessage[]): string[] {
  return messages
    .filter((message) => message.type === 'error')
    .map((message) => {
      const where = message.lastLine
        ? `line ${message.firstLine ?? message.lastLine}:${message.firstColumn ?? message.lastColumn ?? ''}`
        : 'document';
      const extract = message.extract ? `  near: ${message.extract.replace(/\s+/g, ' ').trim().slice(0, 160)}` : '';
      return `${where}: ${message.message}${extract}`;
    });
}
