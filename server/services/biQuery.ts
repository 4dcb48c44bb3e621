import { sql, type SQL } from 'drizzle-orm';
import { defaultParser } from '@odata/parser';
import type { DbOrTx } from '../db/index.ts';
import { ODataError, type EdmType, type EntitySetDef } from './biFeed.ts';

// $filter and $orderby of the BI feed's OData entity sets (issue 25 item 9; docs/bi-links.md "Query
// folding"), so Power Query can fold its filter and sort steps. @odata/parser reads the text into an
// AST; this module translates the AST into SQL run by PostgreSQL over the set's rows (jsonb_to_recordset,
// one column per declared property): column names only from the entity type's declarations, every value
// a bound parameter, functions and operators from fixed tables. Nothing of the query text reaches the SQL
// as text. What is not translated is refused (501 for OData features, 400 for mistakes), never ignored.

/**
 * The bounds of a $filter / $orderby text, checked by one linear scan before the parser runs (issue 34
 * finding 4): the parser's time grows steeply with the length of OR chains and with nesting (4.000
 * characters of nested OR-ed groups ≈ 0,2 s, even when refused afterwards). Power Query folds a filter
 * step into a short expression (a few comparisons, a List.Contains of some dozens of values); 1.000
 * characters and 100 nodes (words, values and parentheses) hold those and keep a parse to milliseconds.
 */
const MAX_LENGTH = 1000;
const MAX_NODES = 100;
const MAX_DEPTH = 20;

type Kind = 'number' | 'string' | 'date' | 'datetime' | 'boolean' | 'null';
/** A translated term; `nan`: the literal NaN, which no comparison but ne holds for (IEEE 754, OData 4.01 §5.1.1.1). */
interface Term { sql: SQL; kind: Kind; nan?: true }

const KIND: Record<EdmType, Kind> = {
  'Edm.Int32': 'number', 'Edm.Double': 'number', 'Edm.Decimal': 'number', 'Edm.String': 'string',
  'Edm.Date': 'date', 'Edm.DateTimeOffset': 'datetime',
};
const SQL_TYPE: Record<EdmType, SQL> = {
  'Edm.Int32': sql.raw('integer'), 'Edm.Double': sql.raw('double precision'), 'Edm.Decimal': sql.raw('numeric'),
  'Edm.String': sql.raw('text'), 'Edm.Date': sql.raw('date'), 'Edm.DateTimeOffset': sql.raw('timestamptz'),
};
const KIND_NAME: Record<Kind, string> = {
  number: 'een getal', string: 'tekst', date: 'een datum', datetime: 'een tijdstip', boolean: 'een voorwaarde', null: 'null',
};

/** The comparison operators; eq/ne compare null as a value, the others are false with a null (OData 4.01 §5.1.1.1). */
const COMPARISONS: Record<string, SQL> = {
  GreaterThanExpression: sql.raw('>'), GreaterOrEqualsExpression: sql.raw('>='),
  LesserThanExpression: sql.raw('<'), LesserOrEqualsExpression: sql.raw('<='),
};

/** The string functions: their parameters' kinds, result kind and SQL (null in → false or null out). */
const FUNCTIONS: Record<string, { params: Kind[]; kind: Kind; sql: (a: SQL[]) => SQL }> = {
  contains: { params: ['string', 'string'], kind: 'boolean', sql: ([s, t]) => sql`coalesce(strpos(${s}, ${t}) > 0, false)` },
  startswith: { params: ['string', 'string'], kind: 'boolean', sql: ([s, t]) => sql`coalesce(starts_with(${s}, ${t}), false)` },
  endswith: { params: ['string', 'string'], kind: 'boolean', sql: ([s, t]) => sql`coalesce(right(${s}, length(${t})) = ${t}, false)` },
  tolower: { params: ['string'], kind: 'string', sql: ([s]) => sql`lower(${s})` },
  toupper: { params: ['string'], kind: 'string', sql: ([s]) => sql`upper(${s})` },
  trim: { params: ['string'], kind: 'string', sql: ([s]) => sql`btrim(${s})` },
  length: { params: ['string'], kind: 'number', sql: ([s]) => sql`length(${s})` },
};

const NUMBER_LITERALS = new Set(['Edm.SByte', 'Edm.Byte', 'Edm.Int16', 'Edm.Int32', 'Edm.Int64', 'Edm.Decimal', 'Edm.Double', 'Edm.Single']);

/** A node of @odata/parser's AST; its `value` differs per type (the library types it as any). */
interface Node { type: string; raw: string; value: any }

/** A translated $filter and $orderby of one entity set, ready to run over its rows. */
export interface FeedQuery { def: EntitySetDef; where: SQL | null; orderBy: SQL[] }

const notSupported = (what: string) => new ODataError(501, `${what} wordt niet ondersteund.`);

/** A number literal of the OData 4.01 ABNF (decimalValue, int64Value): sign and digits, fraction, exponent. */
const NUMBER = /^([+-]?\d+)(\.\d+)?(?:[eE]([+-]?\d+))?$/;

/**
 * A number as @odata/parser reads it, with the same value (issue 33 §5): the parser knows no exponent
 * without a fraction (1e12), no capital E, and no integer beyond Int64 — the ABNF allows all three.
 */
function parserNumber(word: string): string {
  const m = NUMBER.exec(word);
  if (!m) return word;
  const [, int, fraction, exponent] = m;
  if (exponent !== undefined) return `${int}${fraction ?? '.0'}e${exponent}`;
  return fraction === undefined && int!.replace(/^[+-]/, '').length > 18 ? `${int}.0` : word;
}

/**
 * One pass over the text: its nodes (every word or value, and every parenthesis, outside string
 * literals), its deepest nesting, and the text with its number literals as the parser reads them.
 */
function scan(text: string): { nodes: number; depth: number; text: string } {
  let nodes = 0;
  let depth = 0;
  let max = 0;
  let out = '';
  let word = '';
  let quoted = false;
  const endWord = () => {
    if (word) out += parserNumber(word);
    word = '';
  };
  for (const ch of text) {
    if (quoted || ch === "'") {
      // '' inside a literal closes and opens again: the word goes on, no parenthesis between
      if (ch === "'") quoted = !quoted;
      if (!word) nodes++;
      word += ch;
    } else if (ch === '(' || ch === ')' || ch === ',' || ch === ' ' || ch === '\t') {
      endWord();
      if (ch === '(') {
        nodes++;
        max = Math.max(max, ++depth);
      } else if (ch === ')') depth--;
      out += ch;
    } else {
      if (!word) nodes++;
      word += ch;
    }
  }
  endWord();
  return { nodes, depth: max, text: out };
}

function parse<T>(option: string, text: string, parser: (t: string) => T): T {
  if (text.length > MAX_LENGTH) throw new ODataError(400, `${option} is langer dan ${MAX_LENGTH} tekens.`);
  const scanned = scan(text);
  if (scanned.nodes > MAX_NODES) throw new ODataError(400, `${option} heeft meer dan ${MAX_NODES} onderdelen (namen, waarden, operatoren en haakjes).`);
  if (scanned.depth > MAX_DEPTH) throw new ODataError(400, `${option} nest meer dan ${MAX_DEPTH} haakjes.`);
  try {
    const ast = parser(scanned.text);
    if (ast) return ast;
  } catch { /* the parser's English message names only a position: ours says what to check */ }
  throw new ODataError(400, `${option} is geen geldige OData-expressie: ${text}`);
}

class Translator {
  private readonly columns: Map<string, EdmType>;
  constructor(def: EntitySetDef, private readonly option: string) {
    this.columns = new Map(def.properties.map((p) => [p.name, p.type]));
  }

  term(n: Node): Term {
    switch (n.type) {
      case 'CommonExpression': case 'BoolParenExpression': case 'ParenExpression': return this.term(n.value);
      case 'FirstMemberExpression': case 'MemberExpression': return this.term(n.value);
      case 'PropertyPathExpression': return this.property(n);
      case 'Literal': return literal(n, this.option);
      case 'AndExpression': case 'OrExpression': {
        const [l, r] = [this.condition(n.value.left), this.condition(n.value.right)];
        return { sql: n.type === 'AndExpression' ? sql`(${l} AND ${r})` : sql`(${l} OR ${r})`, kind: 'boolean' };
      }
      case 'NotExpression': return { sql: sql`(NOT ${this.condition(n.value)})`, kind: 'boolean' };
      case 'EqualsExpression': case 'NotEqualsExpression': {
        const [{ sql: l }, { sql: r }] = this.comparable(n, false);
        return { sql: n.type === 'EqualsExpression' ? sql`(${l} IS NOT DISTINCT FROM ${r})` : sql`(${l} IS DISTINCT FROM ${r})`, kind: 'boolean' };
      }
      case 'GreaterThanExpression': case 'GreaterOrEqualsExpression': case 'LesserThanExpression': case 'LesserOrEqualsExpression': {
        const [l, r] = this.comparable(n, true);
        // PostgreSQL sorts NaN above every number; OData (IEEE 754) holds no order with NaN.
        if (l.nan || r.nan) return { sql: sql`false`, kind: 'boolean' };
        return { sql: sql`coalesce(${l.sql} ${COMPARISONS[n.type]} ${r.sql}, false)`, kind: 'boolean' };
      }
      case 'MethodCallExpression': return this.call(n);
      default: throw notSupported(`'${n.raw}' in ${this.option}`);
    }
  }

  /** A term that must be a condition (true/false). */
  condition(n: Node): SQL {
    const t = this.term(n);
    if (t.kind !== 'boolean') throw new ODataError(400, `'${n.raw}' in ${this.option} is geen voorwaarde.`);
    return t.sql;
  }

  /** A value to sort on (no condition). */
  value(n: Node): SQL {
    const t = this.term(n);
    if (t.kind === 'boolean' || t.kind === 'null') throw new ODataError(400, `Op '${n.raw}' kan niet gesorteerd worden.`);
    return t.sql;
  }

  private property(n: Node): Term {
    const name: string | undefined = n.value?.type === 'ODataIdentifier' ? n.value.value.name : undefined;
    if (name === undefined) throw notSupported(`Het pad '${n.raw}' in ${this.option}`);
    const type = this.columns.get(name);
    if (!type) throw new ODataError(400, `Onbekende eigenschap in ${this.option}: ${name}.`);
    return { sql: sql`t.${sql.identifier(name)}`, kind: KIND[type] };
  }

  /** Both sides of a comparison, of the same kind (or one of them null); conditions only with eq and ne. */
  private comparable(n: Node, ordered: boolean): [Term, Term] {
    const [l, r] = [this.term(n.value.left), this.term(n.value.right)];
    if (ordered && (l.kind === 'boolean' || r.kind === 'boolean')) throw notSupported(`Een vergelijking van voorwaarden ('${n.raw}')`);
    if (l.kind !== r.kind && l.kind !== 'null' && r.kind !== 'null') {
      throw new ODataError(400, `In '${n.raw}' wordt ${KIND_NAME[l.kind]} vergeleken met ${KIND_NAME[r.kind]}.`);
    }
    return [l, r];
  }

  private call(n: Node): Term {
    const method: string = n.value.method;
    const f = FUNCTIONS[method];
    if (!f) throw notSupported(`De functie ${method} in ${this.option}`);
    const params: Node[] = n.value.parameters ?? [];
    if (params.length !== f.params.length) throw new ODataError(400, `${method} verwacht ${f.params.length} argument(en).`);
    const args = params.map((p, i) => {
      const t = this.term(p);
      if (t.kind !== f.params[i] && t.kind !== 'null') throw new ODataError(400, `${method} verwacht tekst, niet ${KIND_NAME[t.kind]} ('${p.raw}').`);
      return t.sql;
    });
    return { sql: f.sql(args), kind: f.kind };
  }
}

/** A literal as a bound parameter of its kind; a value PostgreSQL would refuse is a 400 here. */
function literal(n: Node, option: string): Term {
  const type: string = n.value;
  const raw = n.raw;
  const bad = () => new ODataError(400, `Ongeldige waarde in ${option}: ${raw}.`);
  if (type === 'null') return { sql: sql`NULL`, kind: 'null' };
  if (type === 'Edm.String') return { sql: sql`${raw.slice(1, -1).replaceAll("''", "'")}::text`, kind: 'string' };
  if (type === 'Edm.Boolean') return { sql: sql`${raw === 'true'}::boolean`, kind: 'boolean' };
  if (NUMBER_LITERALS.has(type)) {
    // PostgreSQL's numeric holds every finite literal exactly and ±Infinity; NaN is no value a row has.
    if (raw === 'INF' || raw === '-INF') return { sql: sql`${raw === 'INF' ? 'Infinity' : '-Infinity'}::numeric`, kind: 'number' };
    if (raw === 'NaN') return { sql: sql`'NaN'::numeric`, kind: 'number', nan: true };
    if (!/^[+-]?\d{1,30}(\.\d{1,30})?(e[+-]?\d{1,4})?$/.test(raw)) throw bad();
    return { sql: sql`${raw}::numeric`, kind: 'number' };
  }
  if (type === 'Edm.Date') {
    if (Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) throw bad();
    return { sql: sql`${raw}::date`, kind: 'date' };
  }
  if (type === 'Edm.DateTimeOffset') {
    if (Number.isNaN(Date.parse(raw))) throw bad();
    return { sql: sql`${new Date(raw).toISOString()}::timestamptz`, kind: 'datetime' };
  }
  throw notSupported(`De waarde ${raw} (${type}) in ${option}`);
}

/** Parses and translates $filter and $orderby before any data is read; a refusal is an ODataError. */
export function feedQuery(def: EntitySetDef, query: { $filter?: string; $orderby?: string }): FeedQuery {
  let where: SQL | null = null;
  if (query.$filter !== undefined) {
    const ast = parse('$filter', query.$filter, (t) => defaultParser.filter(t) as Node);
    where = new Translator(def, '$filter').condition(ast);
  }
  const orderBy: SQL[] = [];
  if (query.$orderby !== undefined) {
    const parsed = parse('$orderby', query.$orderby, (t) => defaultParser.query(`$orderby=${t}`) as Node);
    const options: Node[] = parsed.value.options;
    // An encoded '&' would let the text carry further options: only the one ordering is read.
    if (options.length !== 1 || options[0].type !== 'OrderBy') throw new ODataError(400, `$orderby is geen geldige OData-expressie: ${query.$orderby}`);
    const t = new Translator(def, '$orderby');
    for (const item of options[0].value.items as Node[]) {
      // OData: null sorts before every value ascending, after every value descending.
      const dir = item.value.direction === -1 ? sql.raw('DESC NULLS LAST') : sql.raw('ASC NULLS FIRST');
      orderBy.push(sql`${t.value(item.value.expr)} ${dir}`);
    }
  }
  return { def, where, orderBy };
}

/**
 * The rows $filter keeps, in $orderby's order (ties, and no $orderby: the feed's order). PostgreSQL reads
 * the rows as one jsonb parameter with their position, and answers the positions; the rows answered are
 * the feed's own objects, so a value is served exactly as without a query.
 */
export async function queryRows<T extends object>(db: DbOrTx, q: FeedQuery, rows: readonly T[]): Promise<T[]> {
  if (!q.where && !q.orderBy.length) return [...rows];
  const columns = q.def.properties.map((p) => sql`${sql.identifier(p.name)} ${SQL_TYPE[p.type]}`);
  const json = JSON.stringify(rows.map((r, i) => ({ ...r, [POSITION]: i })));
  const result = await db.execute<{ i: number }>(sql`
    SELECT t.${sql.identifier(POSITION)} AS i
    FROM jsonb_to_recordset(${json}::jsonb) AS t(${sql.identifier(POSITION)} integer, ${sql.join(columns, sql`, `)})
    WHERE ${q.where ?? sql`true`}
    ORDER BY ${sql.join([...q.orderBy, sql`t.${sql.identifier(POSITION)}`], sql`, `)}`).catch((e: unknown) => {
    // A data exception (class 22: a value out of range for its type) is the query's mistake.
    const code = ((e as { cause?: { code?: unknown } }).cause ?? (e as { code?: unknown })).code;
    if (typeof code === 'string' && code.startsWith('22')) throw new ODataError(400, 'Een waarde in $filter past niet bij de eigenschap.');
    throw e;
  });
  return result.rows.map((r) => rows[r.i]);
}

/** The position column's name: no property of the contract starts with an underscore. */
const POSITION = '_positie';
