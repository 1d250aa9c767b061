import { validationError } from '../../errors.js';

/** The values of a Query's or Scan's `Select`. */
export type Select = 'ALL_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES' | 'SPECIFIC_ATTRIBUTES' | 'COUNT';

/** What the request says about the attributes it wants, for {@link resolveSelect}. */
export interface SelectRequest {
  readonly select?: Select;
  readonly indexName?: string;
  /** Which projection parameter the request carries, if any. */
  readonly projection?: 'ProjectionExpression' | 'AttributesToGet';
}

/**
 * The effective `Select`, or DynamoDB's error for a combination it refuses. Without
 * `Select`, a projection means SPECIFIC_ATTRIBUTES, an index means
 * ALL_PROJECTED_ATTRIBUTES, and otherwise ALL_ATTRIBUTES.
 */
export function resolveSelect(request: SelectRequest): Select {
  const { select, indexName, projection } = request;
  switch (select) {
    case undefined:
      if (projection) return 'SPECIFIC_ATTRIBUTES';
      return indexName === undefined ? 'ALL_ATTRIBUTES' : 'ALL_PROJECTED_ATTRIBUTES';
    case 'SPECIFIC_ATTRIBUTES':
      if (!projection) {
        throw validationError(
          'Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES',
        );
      }
      return select;
    case 'ALL_ATTRIBUTES':
      if (projection) throw validationError(`Cannot specify the ${projection} when choosing to get ALL_ATTRIBUTES`);
      return select;
    case 'ALL_PROJECTED_ATTRIBUTES':
      if (projection) {
        throw validationError(`Cannot specify the ${projection} when choosing to get ALL_PROJECTED_ATTRIBUTES`);
      }
      if (indexName === undefined) {
        throw validationError('ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName');
      }
      return select;
    case 'COUNT':
      if (projection) throw validationError(`Cannot specify the ${projection} when choosing to get only the Count`);
      return select;
  }
}
