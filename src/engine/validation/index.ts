/** Request-shape validation: DynamoDB's deserialization and Coral constraint errors. */
export { requestShapeValidator, type RequestShapeValidator } from './request-shape.js';
export { checkConstraints } from './constraints.js';
export type { Shape, StructureShape, Member } from './shape.js';
