/**
 * Every `*-repository.ts` of an origin domain, and every other module of it that queries
 * (the parts a repository is split into, a payment provider's own rows), names only its
 * own domain's tables (decision 015): the tables its `<domain>-tables.ts` declares on
 * `<Domain>Tables`. The compiler refuses a foreign table already (a repository takes
 * `Kysely<ItsTables>`); this test also catches one reached through a cast or a raw
 * builder, by reading each file's selectFrom/insertInto/updateTable/deleteFrom/innerJoin/
 * leftJoin arguments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ORIGIN = join(process.cwd(), 'server/origin');
const TABLE_METHODS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'innerJoin', 'leftJoin']);

function parse(name: string, source: string): ts.SourceFile {
  return ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
}

/** The property names of the `…Tables` interface(s) a tables module exports. */
function declaredTables(tablesSource: string): Set<string> {
  const tables = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) && /Tables$/.test(node.name.text))
      for (const member of node.members)
        if (ts.isPropertySignature(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)))
          tables.add(member.name.text);
    ts.forEachChild(node, visit);
  };
  visit(parse('tables.ts', tablesSource));
  return tables;
}

/** A table reference as written: `'stations'`, `'stations as s'`. */
function tableName(literal: string): string {
  return literal.split(/\s+as\s+/i)[0]!.trim();
}

/** The tables a module names as the first argument of a query builder's table method. */
function namedTables(source: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      TABLE_METHODS.has(node.expression.name.text)
    ) {
      const [first] = node.arguments;
      const literals = first && ts.isArrayLiteralExpression(first) ? first.elements : first ? [first] : [];
      for (const literal of literals) if (ts.isStringLiteralLike(literal)) names.add(tableName(literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(parse('repository.ts', source));
  return names;
}

/** The tables a repository names that its domain's tables module does not declare. */
function foreignTables(repositorySource: string, tablesSource: string): string[] {
  const own = declaredTables(tablesSource);
  return [...namedTables(repositorySource)].filter((name) => !own.has(name)).sort();
}

/** Each domain folder with its tables module, its repositories and its other modules (any depth). */
function domains(): Array<{ domain: string; tables: string; repositories: string[]; modules: string[] }> {
  return readdirSync(ORIGIN, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'migrations')
    .map((entry) => {
      const folder = join(ORIGIN, entry.name);
      const files = readdirSync(folder, { recursive: true, encoding: 'utf8' });
      const tables = files.filter((file) => /^[^/]*-tables\.ts$/.test(file));
      return {
        domain: entry.name,
        tables: tables.length === 1 ? join(folder, tables[0]!) : '',
        repositories: files.filter((file) => file.endsWith('-repository.ts')).map((file) => join(folder, file)),
        modules: files
          .filter((file) => file.endsWith('.ts') && !/(\.test|-repository|-tables)\.ts$/.test(file))
          .map((file) => join(folder, file)),
      };
    })
    .filter((domain) => domain.repositories.length > 0);
}

describe('the repository table check', () => {
  const tables = `export interface OutboxTable { id: number }
    export interface OutboxTables { outbox: OutboxTable; 'outbox_meta': OutboxTable }`;

  it('passes a repository that names only its own tables', () => {
    const repository = `export function create(db) {
      return db.selectFrom('outbox as o').innerJoin('outbox_meta', 'a', 'b').selectAll().execute()
        .then(() => db.deleteFrom(['outbox']).execute());
    }`;
    expect(foreignTables(repository, tables)).toEqual([]);
  });

  it('fails each kind of use of another domain’s table', () => {
    const repository = `export function create(db) {
      db.selectFrom('shop_orders');
      db.insertInto('customers');
      db.updateTable('stations as s');
      db.deleteFrom(['outbox', 'sessions']);
      db.selectFrom('outbox').innerJoin('assets', 'x', 'y').leftJoin('pages', 'p', 'q');
    }`;
    expect(foreignTables(repository, tables)).toEqual([
      'assets',
      'customers',
      'pages',
      'sessions',
      'shop_orders',
      'stations',
    ]);
  });
});

describe('the origin’s repositories', () => {
  const found = domains();

  it('finds every domain’s tables module and its repositories', () => {
    expect(found.map((domain) => domain.domain).sort()).toEqual(
      ['accounts', 'auth', 'content', 'forms', 'images', 'outbox', 'shop', 'stations'].sort(),
    );
    for (const domain of found) expect(domain.tables, `${domain.domain} has one *-tables.ts`).not.toBe('');
  });

  it.each(found)('$domain: each repository names only the tables of its domain', ({ tables, repositories }) => {
    const tablesSource = readFileSync(tables, 'utf8');
    expect(declaredTables(tablesSource).size).toBeGreaterThan(0);
    for (const file of repositories) {
      const source = readFileSync(file, 'utf8');
      expect(namedTables(source).size, `${relative(ORIGIN, file)} names a table`).toBeGreaterThan(0);
      expect(foreignTables(source, tablesSource), relative(ORIGIN, file)).toEqual([]);
    }
  });

  it.each(found)('$domain: its other modules name only the tables of its domain', ({ tables, modules }) => {
    const tablesSource = readFileSync(tables, 'utf8');
    for (const file of modules)
      expect(foreignTables(readFileSync(file, 'utf8'), tablesSource), relative(ORIGIN, file)).toEqual([]);
  });
});
