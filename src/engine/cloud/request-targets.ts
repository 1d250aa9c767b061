import type { Item } from '../values/attribute-value.js';

/** One item a request touches: its table and the attributes that name it (a `Key`, or a whole `Item` to put). */
export interface TouchedItem {
  readonly table: string;
  readonly attributes: Item;
  /** The transaction action's position, for `TransactWriteItems` and `TransactGetItems`. */
  readonly position?: number;
}

/** What a request touches, as far as the cloud behaviour looks: its tables, index and items. */
export interface RequestTargets {
  readonly tables: readonly string[];
  readonly index: string | undefined;
  readonly items: readonly TouchedItem[];
  /** How many actions a transaction has (0 for other operations). */
  readonly actionCount: number;
}

type Input = Record<string, unknown>;

const TRANSACT_WRITE_ACTIONS = ['Put', 'Update', 'Delete', 'ConditionCheck'] as const;

/**
 * The tables, index and items of a request, read from its members as the request shape
 * checked them. PartiQL statements are not parsed here: they name no table or item.
 */
export function requestTargetsOf(operation: string, input: Input): RequestTargets {
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return single(input, input.Key as Item);
    case 'PutItem':
      return single(input, input.Item as Item);
    case 'Query':
    case 'Scan':
      return {
        tables: [tableNameOf(input.TableName)],
        index: input.IndexName as string | undefined,
        items: [],
        actionCount: 0,
      };
    case 'BatchGetItem':
      return batch(input, (requests) => ((requests as { Keys?: Item[] }).Keys ?? []).map((key) => key));
    case 'BatchWriteItem':
      return batch(input, (requests) =>
        (requests as { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]).map(
          (request) => (request.PutRequest?.Item ?? request.DeleteRequest?.Key) as Item,
        ),
      );
    case 'TransactWriteItems':
    case 'TransactGetItems':
      return transaction(input.TransactItems as Input[]);
    case 'ExecuteTransaction':
      return { tables: [], index: undefined, items: [], actionCount: (input.TransactStatements as unknown[]).length };
    default:
      return typeof input.TableName === 'string'
        ? { tables: [tableNameOf(input.TableName)], index: undefined, items: [], actionCount: 0 }
        : { tables: [], index: undefined, items: [], actionCount: 0 };
  }
}

/** A table named by its ARN is named by its name here (`arn:…:table/<name>`). */
export function tableNameOf(nameOrArn: unknown): string {
  const name = String(nameOrArn);
  if (!name.startsWith('arn:')) return name;
  const at = name.indexOf(':table/');
  return at < 0 ? name : name.slice(at + ':table/'.length);
}

function single(input: Input, attributes: Item): RequestTargets {
  const table = tableNameOf(input.TableName);
  return { tables: [table], index: undefined, items: [{ table, attributes }], actionCount: 0 };
}

function batch(input: Input, itemsOf: (requests: unknown) => Item[]): RequestTargets {
  const requestItems = input.RequestItems as Record<string, unknown>;
  const tables: string[] = [];
  const items: TouchedItem[] = [];
  for (const [name, requests] of Object.entries(requestItems)) {
    const table = tableNameOf(name);
    tables.push(table);
    for (const attributes of itemsOf(requests)) items.push({ table, attributes });
  }
  return { tables, index: undefined, items, actionCount: 0 };
}

function transaction(actions: Input[]): RequestTargets {
  const tables = new Set<string>();
  const items: TouchedItem[] = [];
  actions.forEach((action, position) => {
    const get = action.Get as Input | undefined;
    const name = get ? 'Get' : TRANSACT_WRITE_ACTIONS.find((candidate) => action[candidate] !== undefined);
    const body = (name === undefined ? undefined : action[name]) as Input | undefined;
    if (body === undefined) return;
    const table = tableNameOf(body.TableName);
    tables.add(table);
    items.push({ table, attributes: (body.Key ?? body.Item) as Item, position });
  });
  return { tables: [...tables], index: undefined, items, actionCount: actions.length };
}
