/**
 * A read built and compiled once and then run with new values: the origin's reads on every
 * page render (a page, its siblings, the layout). kysely otherwise builds the query tree and
 * compiles it to SQL on each call, which costs more CPU than SQLite answering it. Values are
 * placeholders when the query is built: sentinel strings, found again among the compiled
 * parameters, so that the same SQL runs with the caller's values in their places.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { ContentDb } from './content-tables';

export function preparedQuery<Row>(
  db: ContentDb,
  arity: number,
  build: (...values: string[]) => Compilable<Row>,
): (...values: string[]) => Promise<Row[]> {
  const sentinels = Array.from({ length: arity }, (_, index) => `\u0000prepared-value-${index}\u0000`);
  const compiled: CompiledQuery<Row> = build(...sentinels).compile();
  const slots = compiled.parameters.map((value) => sentinels.indexOf(value as string));
  for (let index = 0; index < arity; index++)
    if (!slots.includes(index)) throw new Error(`Prepared query: value ${index} is not a parameter of ${compiled.sql}`);
  return async (...values) => {
    if (values.length !== arity) throw new Error(`Prepared query: ${arity} values expected, ${values.length} given`);
    const parameters = compiled.parameters.map((value, index) => (slots[index]! >= 0 ? values[slots[index]!] : value));
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
