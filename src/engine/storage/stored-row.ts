import type { Item } from '../values/attribute-value.js';

/**
 * An item (or index projection) as storage holds it: its wire JSON text and its DynamoDB
 * size (the `size` column, table-schema.ts). The item is parsed only when something needs
 * its content, so a read that returns it unchanged can splice `text` into the answer and
 * bill `size` without ever parsing it.
 *
 * `text` is what `JSON.stringify` wrote (putItem, index upkeep, migrations), so
 * `JSON.stringify(row.item) === row.text`.
 */
export class StoredRow {
  private parsed: Item | undefined;

  constructor(
    readonly text: string,
    readonly size: number,
  ) {}

  get item(): Item {
    return (this.parsed ??= JSON.parse(this.text) as Item);
  }
}
