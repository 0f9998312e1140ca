import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawNode,
  type RootOperationNode,
  type SchemableIdentifierNode,
  IdentifierNode,
  type UnknownRow,
} from 'kysely';

/**
 * Sends the queries of a projection to a copy of its tables in another schema: `scoring.leaderboard`
 * becomes `<scratch>.leaderboard`, whether the query names the table through the query builder
 * (`withSchema('scoring')`, `sql.table('scoring.x')`) or in the text of a raw `sql` template
 * (`from scoring.leaderboard`). Only the listed tables move: the projection (or an as-of reader) still
 * reads every other table of the schema where it is, e.g. the people mirror that names a board's teams.
 */
export class RedirectTables implements KyselyPlugin {
  readonly #transformer: RedirectTransformer;

  constructor(from: string, to: string, tables: readonly string[]) {
    this.#transformer = new RedirectTransformer(from, to, new Set(tables));
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

class RedirectTransformer extends OperationNodeTransformer {
  readonly #inText: RegExp;

  constructor(
    private readonly from: string,
    private readonly to: string,
    private readonly tables: ReadonlySet<string>,
  ) {
    super();
    const names = [...tables].map(escape).join('|');
    // `scoring.leaderboard` or `"scoring"."leaderboard"`, not inside a longer name (`xscoring.`, `.scoring.`).
    this.#inText = new RegExp(`(?<![\\w."])"?${escape(from)}"?\\."?(${names})"?(?![\\w"])`, 'g');
  }

  protected override transformSchemableIdentifier(
    node: SchemableIdentifierNode,
    queryId?: PluginTransformQueryArgs['queryId'],
  ): SchemableIdentifierNode {
    const transformed = super.transformSchemableIdentifier(node, queryId);
    if (transformed.schema?.name !== this.from || !this.tables.has(transformed.identifier.name))
      return transformed;
    return { ...transformed, schema: IdentifierNode.create(this.to) };
  }

  protected override transformRaw(node: RawNode, queryId?: PluginTransformQueryArgs['queryId']): RawNode {
    const transformed = super.transformRaw(node, queryId);
    if (this.tables.size === 0) return transformed;
    return {
      ...transformed,
      sqlFragments: transformed.sqlFragments.map((fragment) =>
        fragment.replace(this.#inText, (_match, table: string) => `"${this.to}"."${table}"`),
      ),
    };
  }
}
